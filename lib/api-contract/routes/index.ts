// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { accountOperations } from "./account";
import { apiReferenceOperations } from "./api-reference";
import { assessmentsOperations } from "./assessments";
import { authOperations } from "./auth";
import { bookingsOperations } from "./bookings";
import { cartOperations } from "./cart";
import { checkoutOperations } from "./checkout";
import { consultationsOperations } from "./consultations";
import { healthOperations } from "./health";
import { nextAuthOperations } from "./next-auth";
import { plansOperations } from "./plans";
  ...accountOperations,
  ...apiReferenceOperations,
  ...assessmentsOperations,
  ...authOperations,
  ...bookingsOperations,
  ...cartOperations,
  ...checkoutOperations,
  ...consultationsOperations,
export const operations: Operation[] = [
import { prescriptionDocumentsOperations } from "./prescription-documents";
import { prescriptionOperations } from "./prescription";
import { prescriptionsOperations } from "./prescriptions";
import { questionnairesOperations } from "./questionnaires";
import { rxOperations } from "./rx";
import { staffCheckInsOperations } from "./staff-check-ins";
import { staffClinicalOperations } from "./staff-clinical";
import { staffMembersOperations } from "./staff-members";
import { staffOrdersOperations } from "./staff-orders";
import { staffPrescriptionsOperations } from "./staff-prescriptions";
import { subscriptionsOperations } from "./subscriptions";
import { webhooksOperations } from "./webhooks";
  ...healthOperations,
  ...nextAuthOperations,
  ...plansOperations,
  ...prescriptionDocumentsOperations,
  ...prescriptionOperations,
  ...prescriptionsOperations,
  ...questionnairesOperations,
  ...rxOperations,
  ...staffCheckInsOperations,
  ...staffClinicalOperations,
  ...staffMembersOperations,
  ...staffOrdersOperations,
  ...staffPrescriptionsOperations,
  ...subscriptionsOperations,
  ...webhooksOperations,
];
