import "server-only";
import { env } from "@/lib/env";
import { formatPence } from "@/lib/format/money";
import type { Mail } from "./send-mail";

// Prescription service emails. No medical detail, ever: an email says that something
// changed and links to the account, where the patient reads it after signing in.

type RequestMail = { email: string; reference: string; pricePence: number };

function signOff() {
  const { SITE_NAME, CONTACT_EMAIL, CONTACT_PHONE } = env();
  return `\n\nThe ${SITE_NAME} team\n${CONTACT_EMAIL} · ${CONTACT_PHONE}`;
}

export function prescriptionReceivedMail(request: RequestMail): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to: request.email,
    subject: `We have received your prescription request (${request.reference})`,
    text: `Hello,\n\nThank you. We have received your prescription request ${request.reference} and your payment of ${formatPence(request.pricePence)}. A ${SITE_NAME} specialist will review it within 24 hours and we will email you when there is news.\n\nYou can follow it in your account: ${SITE_URL}/dashboard/orders${signOff()}`,
  };
}

export function prescriptionRefundedMail(request: RequestMail): Mail {
  const { SITE_URL } = env();
  return {
    to: request.email,
    subject: `Your prescription request ${request.reference} was refunded`,
    text: `Hello,\n\nWe have refunded ${formatPence(request.pricePence)} for prescription request ${request.reference}; it reaches your card within 5 to 10 working days. The request is closed.\n\nDetails are in your account: ${SITE_URL}/dashboard/orders${signOff()}`,
  };
}
