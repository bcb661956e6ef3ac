// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { accountOperations } from "./account";
import { assessmentsOperations } from "./assessments";
import { bookingsOperations } from "./bookings";
import { consultationsOperations } from "./consultations";
import { healthOperations } from "./health";
import { plansOperations } from "./plans";
import { prescriptionOperations } from "./prescription";
import { prescriptionDocumentsOperations } from "./prescription-documents";
import { prescriptionsOperations } from "./prescriptions";
import { questionnairesOperations } from "./questionnaires";
import { rxOperations } from "./rx";
import { subscriptionsOperations } from "./subscriptions";

export const operations: Operation[] = [
  ...accountOperations,
  ...assessmentsOperations,
  ...bookingsOperations,
  ...consultationsOperations,
  ...healthOperations,
  ...plansOperations,
  ...prescriptionOperations,
  ...prescriptionDocumentsOperations,
  ...prescriptionsOperations,
  ...questionnairesOperations,
  ...rxOperations,
  ...subscriptionsOperations,
];
