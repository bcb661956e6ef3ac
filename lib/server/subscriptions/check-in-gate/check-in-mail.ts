import "server-only";
import { env } from "@/lib/env";
import { formatLongDate } from "@/lib/format/dates";
import { formatPence } from "@/lib/format/money";
import type { Mail } from "@/lib/server/services/mail/send-mail";
import { mailSignOff } from "@/lib/server/services/mail/sign-off";

// Emails about a renewal check-in. Like every subscription email, the subject never names the
// treatment and the body carries no answer or clinical detail: only dates, the plan and links.

type ForMail = { email: string; planName: string };

const checkInUrl = (id: string) => `${env().SITE_URL}/dashboard/check-ins/${id}`;

/** 7 and 3 days before the renewal, while the check-in is unanswered. */
export function checkInReminderMail(to: ForMail, checkInId: string, renewsOn: Date): Mail {
  return {
    to: to.email,
    subject: `Please complete your check-in before ${formatLongDate(renewsOn)}`,
    text:
      `Hello,\n\nBefore we can send the next supply of your ${to.planName} subscription, our prescriber needs a few answers from you: ` +
      `how you are getting on, any side effects, and whether you would like to continue. It takes two minutes.\n\n` +
      `Complete your check-in before ${formatLongDate(renewsOn)}: ${checkInUrl(checkInId)}\n\n` +
      `Nothing is charged until our prescriber has approved your next supply. Without a check-in, your renewal on ${formatLongDate(renewsOn)} is not charged and your subscription pauses.` +
      mailSignOff(),
  };
}

/** The renewal date passed without an answer: the invoice was voided, the subscription waits. */
export function checkInMissedMail(to: ForMail, checkInId: string): Mail {
  return {
    to: to.email,
    subject: "Your subscription is paused: nothing was charged",
    text:
      `Hello,\n\nWe did not receive your check-in before your ${to.planName} subscription's renewal date, so we have not charged you and nothing will be sent. ` +
      `Your subscription is paused.\n\nTo carry on, complete your check-in: ${checkInUrl(checkInId)}\n` +
      `Once our prescriber approves it, we charge your card and send your next supply straight away.` +
      mailSignOff(),
  };
}

/** The prescriber approved the repeat supply: when it is charged (UK subscription rules: the date and the amount). */
export function checkInApprovedMail(to: ForMail & { pricePence: number }, chargeOn: Date | null): Mail {
  return {
    to: to.email,
    subject: "Your check-in is approved",
    text:
      `Hello,\n\nOur prescriber has approved your next ${to.planName} supply. ` +
      (chargeOn
        ? `We will charge ${formatPence(to.pricePence)} on ${formatLongDate(chargeOn)}, and our pharmacist will check your order before it is sent.`
        : `We are charging ${formatPence(to.pricePence)} now, and our pharmacist will check your order before it is sent.`) +
      `\n\nYou can skip, pause or cancel in your account: ${env().SITE_URL}/dashboard/subscriptions` +
      mailSignOff(),
  };
}

/** The prescriber wants to talk first: a free consultation, and the renewal waits. */
export function checkInReferredMail(to: ForMail, invitationUrl: string | null): Mail {
  const { CONTACT_EMAIL, CONTACT_PHONE } = env();
  return {
    to: to.email,
    subject: "Our prescriber would like to speak with you",
    text:
      `Hello,\n\nThank you for your check-in. Before your next ${to.planName} supply, our prescriber would like to speak with you. ` +
      `The consultation is free, and nothing is charged or sent until it has taken place.\n\n` +
      (invitationUrl ? `Book your free consultation: ${invitationUrl}` : `Please contact us to book your free consultation: ${CONTACT_EMAIL} · ${CONTACT_PHONE}.`) +
      mailSignOff(),
  };
}
