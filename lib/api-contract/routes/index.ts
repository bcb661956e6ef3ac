// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { accountOperations } from "./account";
import { apiReferenceOperations } from "./api-reference";
import { assessmentsOperations } from "./assessments";
import { authOperations } from "./auth";
import { bookingsOperations } from "./bookings";
import { cartOperations } from "./cart";
import { checkInsOperations } from "./check-ins";
import { checkoutOperations } from "./checkout";
import { consultationsOperations } from "./consultations";
import { contactOperations } from "./contact";
import { gpOperations } from "./gp";
import { healthOperations } from "./health";
import { identityOperations } from "./identity";
import { linkGuestSubscriptionsOperations } from "./link-guest-subscriptions";
import { medicalDocumentsOperations } from "./medical-documents";
import { newsletterOperations } from "./newsletter";
import { nextAuthOperations } from "./next-auth";
import { ordersOperations } from "./orders";
import { plansOperations } from "./plans";
import { prescriptionDocumentsOperations } from "./prescription-documents";
import { prescriptionOperations } from "./prescription";
import { prescriptionsOperations } from "./prescriptions";
import { progressPhotosOperations } from "./progress-photos";
import { questionnairesOperations } from "./questionnaires";
import { rxOperations } from "./rx";
import { sideEffectsOperations } from "./side-effects";
import { staffCheckInsOperations } from "./staff-check-ins";
import { staffClinicalOperations } from "./staff-clinical";
import { staffMembersOperations } from "./staff-members";
import { staffOrdersOperations } from "./staff-orders";
import { staffPrescriptionsOperations } from "./staff-prescriptions";
import { subscribeOperations } from "./subscribe";
import { subscriptionStatusOperations } from "./subscription-status";
import { subscriptionsOperations } from "./subscriptions";
import { userSubscriptionsOperations } from "./user-subscriptions";
import { webhooksOperations } from "./webhooks";

export const operations: Operation[] = [
  ...accountOperations,
  ...apiReferenceOperations,
  ...assessmentsOperations,
  ...authOperations,
  ...bookingsOperations,
  ...cartOperations,
  ...checkInsOperations,
  ...checkoutOperations,
  ...consultationsOperations,
  ...contactOperations,
  ...gpOperations,
  ...healthOperations,
  ...identityOperations,
  ...linkGuestSubscriptionsOperations,
  ...medicalDocumentsOperations,
  ...newsletterOperations,
  ...nextAuthOperations,
  ...ordersOperations,
  ...plansOperations,
  ...prescriptionDocumentsOperations,
  ...prescriptionOperations,
  ...prescriptionsOperations,
  ...progressPhotosOperations,
  ...questionnairesOperations,
  ...rxOperations,
  ...sideEffectsOperations,
  ...staffCheckInsOperations,
  ...staffClinicalOperations,
  ...staffMembersOperations,
  ...staffOrdersOperations,
  ...staffPrescriptionsOperations,
  ...subscribeOperations,
  ...subscriptionStatusOperations,
  ...subscriptionsOperations,
  ...userSubscriptionsOperations,
  ...webhooksOperations,
];
