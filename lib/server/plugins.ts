import "server-only";
import { releaseCheckInJob } from "@/lib/server/check-ins/release-check-in-job";
import type { JobDefinition } from "@/lib/server/services/jobs/define-job";
import { gpLetterAttachment } from "@/lib/server/gp/gp-letter-attachment";
import { registerMailAttachment } from "@/lib/server/services/mail/attachments";
import { deliverMailJob } from "@/lib/server/services/mail/deliver-mail-job";
import { onSubscriptionOrderDeclined } from "@/lib/server/orders/review/declined-subscription-order";
import { overdueAlertJob } from "@/lib/server/prescriptions/overdue-alert-job";
import { endSubscriptionAfterDecline } from "@/lib/server/subscriptions/end-subscription";
import { checkInReminderJob } from "@/lib/server/subscriptions/check-in-gate/check-in-reminder-job";
import { renewalReminderJob } from "@/lib/server/subscriptions/renewal-reminder-job";
import { retentionSweepJob } from "@/lib/server/retention/retention-sweep-job";
// The composition root: the one place that names every domain's plug-ins for the services
// they register with. Services (payments, jobs) never import the domains they serve.
// Payment purposes register themselves when their handler file loads: import this module
// where any kind of record may be involved (the payment webhook); a domain applying a
// checkout for its own records imports only its own handler file.
import "@/lib/server/booking/booking-payment-handler";
import "@/lib/server/prescriptions/prescription-payment-handler";
import "@/lib/server/orders/order-payment-handler";
// Stripe events of the subscriptions domain (customer.subscription.*, invoice.*), and how a
// completed subscription checkout is recorded (checkout.session.completed in subscription mode).
import "@/lib/server/subscriptions/subscription-webhooks";
import "@/lib/server/subscriptions/subscription-checkout-handler";
// Stripe Identity's events (identity.verification_session.*): the patient's identity check.
import "@/lib/server/identity/identity-webhooks";

// A pharmacist's decline of a subscription's order ends the subscription (orders never imports
// subscriptions: subscriptions makes each period's order). Import this module where an order may be declined.
onSubscriptionOrderDeclined(endSubscriptionAfterDecline);

// The GP letter's PDF is rendered by the mail job when it emails the practice (mail never imports gp).
registerMailAttachment(gpLetterAttachment);

/** Every kind of job a worker runs: the web server's in-process worker and `npm run worker` load the same list. */
export const registeredJobs: JobDefinition<unknown>[] = [deliverMailJob as JobDefinition<unknown>, overdueAlertJob as JobDefinition<unknown>, renewalReminderJob as JobDefinition<unknown>, checkInReminderJob as JobDefinition<unknown>, releaseCheckInJob as JobDefinition<unknown>, retentionSweepJob as JobDefinition<unknown>];
