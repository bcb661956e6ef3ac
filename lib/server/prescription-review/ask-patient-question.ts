import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { prescriptionMessageMail } from "@/lib/server/prescriptions/prescription-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import type { AskPatientInput } from "@/lib/validation/prescription-review";
import { assertReviewer } from "./assert-reviewer";
import { prescriptionReview } from "./review-kind";

export type AskResult = { id: string; reference: string; status: "AWAITING_PATIENT"; messageId: string };

/**
 * Sends the patient a question: a STAFF message in the case's thread, the case set to
 * AWAITING_PATIENT with its claim released (the patient's reply returns it to the queue for
 * anyone), and an email that only says there is a message. One transaction; the caller
 * must hold the claim.
 */
export async function askPatientQuestion(actor: StaffActor, id: string, input: AskPatientInput): Promise<AskResult> {
  assertReviewer(actor);
  return decideCase(actor, prescriptionReview, id, async (tx, found) => {
    const message = await tx.caseMessage.create({
      data: { requestId: id, author: "STAFF", authorUserId: actor.user.id, body: input.body },
      select: { id: true },
    });
    await tx.prescriptionRequest.update({ where: { id }, data: { status: "AWAITING_PATIENT", claimedById: null, claimedAt: null } });
    await sendMail(prescriptionMessageMail(found), tx);
    await recordAuditEvent(
      { actor, action: "prescription.question_asked", subjectType: "prescription_request", subjectId: id, detail: { reference: found.reference, messageId: message.id } },
      tx,
    );
    return { id, reference: found.reference, status: "AWAITING_PATIENT" as const, messageId: message.id };
  });
}
