// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { apiReferenceOperations } from "./api-reference";
import { checkInsOperations } from "./check-ins";
import { contactOperations } from "./contact";
import { gpOperations } from "./gp";
import { healthOperations } from "./health";
import { identityOperations } from "./identity";
import { linkGuestSubscriptionsOperations } from "./link-guest-subscriptions";
import { medicalDocumentsOperations } from "./medical-documents";
import { newsletterOperations } from "./newsletter";
import { ordersOperations } from "./orders";
import { plansOperations } from "./plans";
import { progressPhotosOperations } from "./progress-photos";
import { sideEffectsOperations } from "./side-effects";
import { subscribeOperations } from "./subscribe";
import { subscriptionStatusOperations } from "./subscription-status";
import { userSubscriptionsOperations } from "./user-subscriptions";

export const operations: Operation[] = [
  ...apiReferenceOperations,
  ...checkInsOperations,
  ...contactOperations,
  ...gpOperations,
  ...healthOperations,
  ...identityOperations,
  ...linkGuestSubscriptionsOperations,
  ...medicalDocumentsOperations,
  ...newsletterOperations,
  ...ordersOperations,
  ...plansOperations,
  ...progressPhotosOperations,
  ...sideEffectsOperations,
  ...subscribeOperations,
  ...subscriptionStatusOperations,
  ...userSubscriptionsOperations,
];
