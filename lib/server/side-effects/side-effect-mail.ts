import "server-only";
import { env } from "@/lib/env";
import type { Mail } from "@/lib/server/services/mail/send-mail";
import { mailSignOff } from "@/lib/server/services/mail/sign-off";

// Side-effect report emails. No medical detail, ever: an email says that something happened
// and links to the account or the staff area, where it is read after signing in.

/** To the patient: the clinical team wrote about their report. */
export function sideEffectReplyMail(report: { email: string; reference: string; id: string }): Mail {
  const { SITE_URL } = env();
  return {
    to: report.email,
    subject: `You have a new message about your side-effect report ${report.reference}`,
    text: `Hello,\n\nOur clinical team has sent you a message about your side-effect report ${report.reference}. Please sign in to read it: ${SITE_URL}/dashboard/side-effects/${report.id}${mailSignOff()}`,
  };
}

/** To the staff alert address: a report with a red flag or marked severe waits for triage. */
export function seriousSideEffectAlertMail(report: { reference: string; id: string }, to: string): Mail {
  const { SITE_URL } = env();
  return {
    to,
    subject: `Urgent: side-effect report ${report.reference} needs triage`,
    text: `A patient reported a side effect with a red-flag symptom or marked severe (report ${report.reference}). They were told to call 999 or 111.\n\nTriage it in the staff area: ${SITE_URL}/staff/side-effects/${report.id}`,
  };
}
