// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { apiReferenceOperations } from "./api-reference";
import { authOperations } from "./auth";
import { cartOperations } from "./cart";
import { checkoutOperations } from "./checkout";
import { healthOperations } from "./health";
import { nextAuthOperations } from "./next-auth";
import { plansOperations } from "./plans";
import { staffCheckInsOperations } from "./staff-check-ins";
import { staffClinicalOperations } from "./staff-clinical";
import { staffMembersOperations } from "./staff-members";
import { staffOrdersOperations } from "./staff-orders";
import { staffPrescriptionsOperations } from "./staff-prescriptions";
import { webhooksOperations } from "./webhooks";

export const operations: Operation[] = [
  ...apiReferenceOperations,
  ...authOperations,
  ...cartOperations,
  ...checkoutOperations,
  ...healthOperations,
  ...nextAuthOperations,
  ...plansOperations,
  ...staffCheckInsOperations,
  ...staffClinicalOperations,
  ...staffMembersOperations,
  ...staffOrdersOperations,
  ...staffPrescriptionsOperations,
  ...webhooksOperations,
];
