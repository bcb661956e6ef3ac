// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { apiReferenceOperations } from "./api-reference";
import { healthOperations } from "./health";
import { plansOperations } from "./plans";

export const operations: Operation[] = [
  ...apiReferenceOperations,
  ...healthOperations,
  ...plansOperations,
];
