import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { sideEffectReplyMail } from "@/lib/server/side-effects/side-effect-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { REPORT_NOT_FOUND, type TriageSideEffectInput } from "@/lib/validation/side-effects";

type LockedReport = { id: string; reference: string; triaged_at: Date | null; user_id: string | null };

async function lockReport(tx: Tx, id: string): Promise<LockedReport> {
  const [row] = await tx.$queryRaw<LockedReport[]>`SELECT id::text, reference, triaged_at, user_id::text FROM side_effect_reports WHERE id = ${id}::uuid FOR UPDATE`;
  if (!row) throw new AppError("not_found", REPORT_NOT_FOUND);
  return row;
}

/**
 * A member of the clinical team writes to the patient in the report's thread. One
 * transaction: the message, the audit event and an email that only says there is a message.
 */
export async function replyToSideEffect(actor: StaffActor, id: string, body: string): Promise<{ id: string; reference: string; message: string }> {
  return db.$transaction(async (tx) => {
    const report = await lockReport(tx, id);
    const patient = report.user_id ? await tx.user.findUnique({ where: { id: report.user_id }, select: { email: true } }) : null;
    if (!patient) throw new AppError("conflict", "The patient's account no longer exists: there is no one to write to.");
    const message = await tx.sideEffectMessage.create({ data: { reportId: id, author: "STAFF", authorUserId: actor.user.id, body }, select: { id: true } });
    await recordAuditEvent(
      { actor, action: "side_effect.staff_replied", subjectType: "side_effect_report", subjectId: id, detail: { reference: report.reference, messageId: message.id } },
      tx,
    );
    await sendMail(sideEffectReplyMail({ email: patient.email, reference: report.reference, id }), tx);
    return { id, reference: report.reference, message: "Your message has been sent to the patient." };
  });
}

/**
 * Triage (a clinical decision, MHRA Yellow Card / GPhC guidance on repeat supplies): the
 * outcome and a note are recorded, which clears the flag on the patient's orders. Once only
 * (409 after), under the report's row lock; audited as `side_effect.triaged`.
 */
export async function triageSideEffect(actor: StaffActor, id: string, input: TriageSideEffectInput): Promise<{ id: string; reference: string; message: string }> {
  return db.$transaction(async (tx) => {
    const report = await lockReport(tx, id);
    if (report.triaged_at) throw new AppError("conflict", "This report has already been triaged.");
    await tx.sideEffectReport.update({ where: { id }, data: { triagedAt: new Date(), triagedById: actor.user.id, triageOutcome: input.outcome, triageNote: input.note } });
    await recordAuditEvent(
      { actor, action: "side_effect.triaged", subjectType: "side_effect_report", subjectId: id, detail: { reference: report.reference, outcome: input.outcome } },
      tx,
    );
    return { id, reference: report.reference, message: "The report has been triaged; the flag on the patient's orders is cleared." };
  });
}
