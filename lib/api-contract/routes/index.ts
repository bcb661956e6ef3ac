// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { checkInsOperations } from "./check-ins";
import { medicalDocumentsOperations } from "./medical-documents";
import { ordersOperations } from "./orders";
import { progressPhotosOperations } from "./progress-photos";
import { sideEffectsOperations } from "./side-effects";

export const operations: Operation[] = [
  ...checkInsOperations,
  ...medicalDocumentsOperations,
  ...ordersOperations,
  ...progressPhotosOperations,
  ...sideEffectsOperations,
];
