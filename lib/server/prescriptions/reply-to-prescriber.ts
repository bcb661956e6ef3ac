import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { ownedBy, ownerSql } from "@/lib/server/core/actor/owned-by";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { patientReplyReceivedMail } from "@/lib/server/prescriptions/patient-reply-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import type { UploadedFile } from "@/lib/server/services/uploads/read-uploaded-file";
import { storeImage, type StoredImage } from "@/lib/server/services/uploads/store-image";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { caseMessagePhotoUrl } from "./get-prescription-case";
import { patientVisibleRequests, REQUEST_NOT_FOUND } from "./patient-request-records";
import type { CaseMessageView, PrescriptionStatus } from "./types";

const NOT_AWAITING_ANSWER = "This request is not waiting for an answer from you. You can reply only when a prescriber has asked you a question.";

type LockedRequest = { id: string; status: PrescriptionStatus; reference: string; email: string };

/**
 * The patient answers the prescriber's question (text, optionally a photo). Only while the
 * request is AWAITING_PATIENT (409 otherwise). In one transaction, under the request's row
 * lock: the PATIENT message is added, the request goes back to SUBMITTED (the prescribers'
 * queue) with its claim cleared, the audit log and a notice email (no medical text) are
 * written. The photo is checked and stored before, and deleted again if that fails.
 */
export async function replyToPrescriber(actor: AccountActor, requestId: string, input: { body: string; photo: UploadedFile | null }): Promise<{ status: PrescriptionStatus; message: CaseMessageView }> {
  // Ownership and state before the slow image work; checked again under the lock.
  assertAwaiting(await db.prescriptionRequest.findFirst({ where: { id: requestId, ...patientVisibleRequests(actor) }, select: { status: true } }));
  const stored = input.photo ? await storeImage(input.photo.bytes) : null;
  try {
    return await db.$transaction(async (tx) => {
      const request = assertAwaiting(await lockRequest(tx, actor, requestId));
      const message = await tx.caseMessage.create({
        data: {
          requestId,
          author: "PATIENT",
          authorUserId: actor.user.id,
          body: input.body,
          ...photoColumns(stored, input.photo),
        },
        select: { id: true, body: true, createdAt: true, photoKey: true, photoName: true },
      });
      await tx.prescriptionRequest.update({ where: { id: requestId }, data: { status: "SUBMITTED", claimedById: null, claimedAt: null } });
      await recordAuditEvent(
        { actor, action: "prescription.patient_replied", subjectType: "prescription_request", subjectId: requestId, detail: { reference: request.reference, photo: stored !== null } },
        tx,
      );
      await sendMail(patientReplyReceivedMail({ email: request.email, reference: request.reference, requestId }), tx);
      return {
        status: "SUBMITTED" as const,
        message: {
          id: message.id,
          author: "PATIENT" as const,
          body: message.body,
          createdAt: message.createdAt.toISOString(),
          photo: message.photoKey ? { name: message.photoName ?? "photo", url: caseMessagePhotoUrl(requestId, message.id) } : null,
        },
      };
    });
  } catch (error) {
    if (stored) await uploadStorage().delete(stored.key).catch(() => {});
    throw error;
  }
}

function assertAwaiting<T extends { status: PrescriptionStatus }>(request: T | null | undefined): T {
  if (!request || request.status === "PENDING_PAYMENT") throw new AppError("not_found", REQUEST_NOT_FOUND);
  if (request.status !== "AWAITING_PATIENT") throw new AppError("conflict", NOT_AWAITING_ANSWER);
  return request;
}

async function lockRequest(tx: Tx, actor: AccountActor, requestId: string): Promise<LockedRequest | undefined> {
  const [row] = await tx.$queryRaw<LockedRequest[]>`
    SELECT id::text, status::text AS status, reference, email FROM prescription_requests
    WHERE id = ${requestId}::uuid AND ${ownerSql(ownedBy(actor))} FOR UPDATE`;
  return row;
}

function photoColumns(stored: StoredImage | null, photo: UploadedFile | null) {
  if (!stored || !photo) return {};
  return { photoKey: stored.key, photoType: stored.contentType, photoName: photo.filename };
}
