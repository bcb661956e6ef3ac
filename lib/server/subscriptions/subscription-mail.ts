import "server-only";
import { env } from "@/lib/env";
import { formatLongDate } from "@/lib/format/dates";
import { formatPence } from "@/lib/format/money";
import type { Mail } from "@/lib/server/services/mail/send-mail";
import { mailSignOff } from "@/lib/server/services/mail/sign-off";

// Emails about a subscription: what is charged and when, and how to stop it. Subjects never
// name the treatment (a subject is read on lock screens and shared inboxes); the body names
// the plan so the patient knows which subscription it is. No other medical detail.

type ForMail = { email: string; planName: string; pricePence: number; durationMonths: number };

function footer() {
  return `\n\nManage, pause, skip or cancel in one step: ${env().SITE_URL}/dashboard/subscriptions${mailSignOff()}`;
}

/**
 * Before each renewal charge (UK subscription rules): the date, the amount, how to cancel. A
 * prescription-only renewal still waiting for its check-in is charged only once approved: the
 * reminder does not say "we will charge" then.
 */
export function renewalReminderMail(subscription: ForMail, renewsOn: Date, options: { awaitingCheckIn?: boolean } = {}): Mail {
  const every = subscription.durationMonths === 1 ? "month" : `${subscription.durationMonths} months`;
  const charge = options.awaitingCheckIn
    ? `Once our prescriber has approved your check-in, we will charge ${formatPence(subscription.pricePence)} to your card and our pharmacist will check your order before it is sent. ` +
      `Until then nothing is charged: please complete your check-in in your account before ${formatLongDate(renewsOn)}.`
    : `We will then charge ${formatPence(subscription.pricePence)} to your card and our pharmacist will check your order before it is sent.`;
  return {
    to: subscription.email,
    subject: `Your subscription renews on ${formatLongDate(renewsOn)}`,
    text:
      `Hello,\n\nYour ${subscription.planName} subscription renews on ${formatLongDate(renewsOn)}. ${charge} It renews every ${every} until you cancel.\n\n` +
      `If you do not want this renewal, you can skip it, pause your subscription or cancel it before ${formatLongDate(renewsOn)} in your account; nothing more is charged.` +
      footer(),
  };
}

/** A renewal charge failed: the patient is told at once, and what happens next. */
export function paymentFailedMail(subscription: ForMail): Mail {
  return {
    to: subscription.email,
    subject: "We could not take your subscription payment",
    text:
      `Hello,\n\nWe tried to take ${formatPence(subscription.pricePence)} for your ${subscription.planName} subscription, but your card was declined. ` +
      `We will try again over the next few days; please make sure your card can be charged. Nothing is sent until the payment goes through.\n\n` +
      `If the payment keeps failing, the subscription stops and nothing more is charged.` +
      footer(),
  };
}

/** Confirms a cancellation (as easy to confirm as it was to subscribe). */
export function cancelledMail(subscription: ForMail, endsOn: Date | null): Mail {
  return {
    to: subscription.email,
    subject: "Your subscription is cancelled",
    text:
      `Hello,\n\nYou cancelled your ${subscription.planName} subscription. ` +
      (endsOn ? `You keep what you have paid for until ${formatLongDate(endsOn)}; after that nothing more is charged or sent.` : "Nothing more is charged or sent.") +
      footer(),
  };
}

/** The pharmacist declined a period's supply (the reason is in the account, never emailed): the subscription stops. */
export function subscriptionEndedAfterDeclineMail(subscription: ForMail): Mail {
  return {
    to: subscription.email,
    subject: "Your subscription has been stopped",
    text:
      `Hello,\n\nOur pharmacist could not approve your latest ${subscription.planName} supply, so we have refunded it and stopped your subscription: ` +
      `nothing more will be charged. You can read why in your account, and book a consultation if you would like to talk it through.` +
      footer(),
  };
}
