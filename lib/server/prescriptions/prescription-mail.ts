import "server-only";
import { env } from "@/lib/env";
import { formatPence } from "@/lib/format/money";
import type { Mail } from "@/lib/server/services/mail/send-mail";
import { mailSignOff } from "@/lib/server/services/mail/sign-off";

// Prescription service emails. No medical detail, ever: an email says that something
// changed and links to the account, where the patient reads it after signing in.

type RequestMail = { email: string; reference: string; pricePence: number };

/** The plan chosen at the prescription checkout (its name only: no medical detail). */
function planNote(planName: string | null | undefined, when: "received" | "issued"): string {
  if (!planName) return "";
  return when === "received"
    ? `\n\nYou chose the ${planName} plan. It is not charged yet: once your prescription is issued you can confirm it in your account and pay for its first supply.`
    : `\n\nYou chose the ${planName} plan: confirm and pay for it on your request's page in your account, and our pharmacy supplies your medicine after a pharmacist's check. Or take your prescription to any UK pharmacy instead.`;
}

export function prescriptionReceivedMail(request: RequestMail & { planName?: string | null }): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to: request.email,
    subject: `We have received your prescription request (${request.reference})`,
    text: `Hello,\n\nThank you. We have received your prescription request ${request.reference} and your payment of ${formatPence(request.pricePence)}. A ${SITE_NAME} specialist will review it within 24 hours and we will email you when there is news.${planNote(request.planName, "received")}\n\nYou can follow it in your account: ${SITE_URL}/dashboard/orders${mailSignOff()}`,
  };
}

export function prescriptionRefundedMail(request: RequestMail): Mail {
  const { SITE_URL } = env();
  return {
    to: request.email,
    subject: `Your prescription request ${request.reference} was refunded`,
    text: `Hello,\n\nWe have refunded ${formatPence(request.pricePence)} for prescription request ${request.reference}; it reaches your card within 5 to 10 working days. The request is closed.\n\nDetails are in your account: ${SITE_URL}/dashboard/orders${mailSignOff()}`,
  };
}

// The prescriber's decisions and questions (lib/server/prescription-review). Still no medical
// detail: no medicine, no answers, no reason for a decline — only that something changed.

export function prescriptionIssuedMail(request: RequestMail & { planName?: string | null }): Mail {
  const { SITE_URL } = env();
  return {
    to: request.email,
    subject: `Your prescription is ready (${request.reference})`,
    text: `Hello,\n\nA specialist has reviewed your prescription request ${request.reference} and your prescription is ready. You can view, print or download it in your account after signing in: ${SITE_URL}/dashboard/orders${planNote(request.planName, "issued")}${mailSignOff()}`,
  };
}

export function prescriptionDeclinedMail(request: RequestMail): Mail {
  const { SITE_URL } = env();
  return {
    to: request.email,
    subject: `Your prescription request ${request.reference} was declined and refunded`,
    text: `Hello,\n\nA specialist has reviewed your prescription request ${request.reference} and could not issue a prescription this time. We have refunded ${formatPence(request.pricePence)} in full; it reaches your card within 5 to 10 working days.\n\nThe specialist's explanation is in your account after signing in: ${SITE_URL}/dashboard/orders${mailSignOff()}`,
  };
}

export function prescriptionInReviewMail(request: RequestMail): Mail {
  const { SITE_URL } = env();
  return {
    to: request.email,
    subject: `A specialist is reviewing your prescription request (${request.reference})`,
    text: `Hello,\n\nA specialist has started reviewing your prescription request ${request.reference}. We will email you again when there is news.\n\nYou can follow it in your account: ${SITE_URL}/dashboard/orders${mailSignOff()}`,
  };
}

export function prescriptionMessageMail(request: RequestMail): Mail {
  const { SITE_URL } = env();
  return {
    to: request.email,
    subject: "You have a new message about your prescription request",
    text: `Hello,\n\nThe specialist reviewing your prescription request ${request.reference} has sent you a message. Please sign in to read it and reply, so that the review can continue: ${SITE_URL}/dashboard${mailSignOff()}`,
  };
}

/** To the staff alert address when a request passes its 24-hour promise undecided. */
export function prescriptionOverdueMail(request: { id: string; reference: string }, to: string): Mail {
  const { SITE_URL } = env();
  return {
    to,
    subject: `Prescription request ${request.reference} is overdue`,
    text: `Prescription request ${request.reference} has passed its 24-hour review promise without a decision.\n\nOpen it in the staff area: ${SITE_URL}/staff/prescriptions/${request.id}`,
  };
}
