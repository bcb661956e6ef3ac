// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { apiReferenceOperations } from "./api-reference";
import { healthOperations } from "./health";
import { plansOperations } from "./plans";
import { staffCheckInsOperations } from "./staff-check-ins";
import { staffClinicalOperations } from "./staff-clinical";
import { staffMembersOperations } from "./staff-members";
import { staffOrdersOperations } from "./staff-orders";
import { staffPrescriptionsOperations } from "./staff-prescriptions";

export const operations: Operation[] = [
  ...apiReferenceOperations,
  ...healthOperations,
  ...plansOperations,
  ...staffCheckInsOperations,
  ...staffClinicalOperations,
  ...staffMembersOperations,
  ...staffOrdersOperations,
  ...staffPrescriptionsOperations,
];
