import "server-only";
import { env } from "@/lib/env";
import { db } from "@/lib/server/core/db/client";
import { prescriptionOverdueMail } from "@/lib/server/prescriptions/prescription-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";

export type OverdueAlertResult = "alerted" | "not found" | "decided" | "already alerted" | "not due";

/** Where overdue alerts go: STAFF_ALERT_EMAIL, else the clinic's contact address. */
export function staffAlertAddress(): string {
  const { STAFF_ALERT_EMAIL, CONTACT_EMAIL } = env();
  return STAFF_ALERT_EMAIL ?? CONTACT_EMAIL;
}

/**
 * Emails staff that a request has passed its 24-hour promise undecided, and records that it
 * did (overdueAlertedAt), under the request's row lock: at most one alert per request, and
 * none once it is decided or cancelled. Safe to run twice.
 */
export async function raiseOverdueAlert(requestId: string, now: Date = new Date()): Promise<OverdueAlertResult> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string; reference: string; status: string; dueAt: Date | null; alertedAt: Date | null }[]>`
      SELECT id::text, reference, status::text AS status, due_at AS "dueAt", overdue_alerted_at AS "alertedAt"
      FROM prescription_requests WHERE id = ${requestId}::uuid FOR UPDATE`;
    if (!row) return "not found";
    if (row.status !== "SUBMITTED" && row.status !== "IN_REVIEW" && row.status !== "AWAITING_PATIENT") return "decided";
    if (row.alertedAt) return "already alerted";
    if (!row.dueAt || row.dueAt.getTime() > now.getTime()) return "not due";
    await sendMail(prescriptionOverdueMail(row, staffAlertAddress()), tx);
    await tx.prescriptionRequest.update({ where: { id: row.id }, data: { overdueAlertedAt: now } });
    return "alerted";
  });
}
