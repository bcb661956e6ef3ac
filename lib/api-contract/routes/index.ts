// Every domain's operations, in one list (lib/api-contract/document.ts builds the document
// from it). A route file under app/api with no entry here fails the contract's coverage test.
import type { Operation } from "../operation";
import { apiReferenceOperations } from "./api-reference";
import { authOperations } from "./auth";
import { cartOperations } from "./cart";
import { checkInsOperations } from "./check-ins";
import { checkoutOperations } from "./checkout";
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
import { progressPhotosOperations } from "./progress-photos";
import { sideEffectsOperations } from "./side-effects";
import { subscribeOperations } from "./subscribe";
import { subscriptionStatusOperations } from "./subscription-status";
import { userSubscriptionsOperations } from "./user-subscriptions";
import { webhooksOperations } from "./webhooks";

export const operations: Operation[] = [
  ...apiReferenceOperations,
  ...authOperations,
  ...cartOperations,
  ...checkInsOperations,
  ...checkoutOperations,
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
  ...progressPhotosOperations,
  ...sideEffectsOperations,
  ...subscribeOperations,
  ...subscriptionStatusOperations,
  ...userSubscriptionsOperations,
  ...webhooksOperations,
];
