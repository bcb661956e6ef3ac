import "server-only";
import { env } from "@/lib/env";
import type { Mail } from "@/lib/server/services/mail/send-mail";
import { mailSignOff } from "@/lib/server/services/mail/sign-off";

// Emails about the patient–prescriber thread. No medical detail, ever: neither the
// question nor the answer is quoted; the email says what happened and links to the account.

type ReplyMail = { email: string; reference: string; requestId: string };

export function patientReplyReceivedMail(request: ReplyMail): Mail {
  const { SITE_URL } = env();
  return {
    to: request.email,
    subject: `We have received your answer (${request.reference})`,
    text: `Hello,\n\nThank you. Your answer about prescription request ${request.reference} has reached our prescribers, and your request is back in review. We will email you when there is news.\n\nIf you did not send it, please contact us straight away.\n\nYou can follow your request in your account: ${SITE_URL}/dashboard/orders/prescriptions/${request.requestId}${mailSignOff()}`,
  };
}
