import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { PhotoFile } from "@/lib/server/questionnaire/get-questionnaire-photo";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { assertReviewer } from "./assert-reviewer";

const NOT_FOUND = "We could not find that photo.";

/** The photo a patient sent with a reply in a case's thread; audited before the bytes are read. */
export async function getCaseMessagePhoto(actor: StaffActor, requestId: string, messageId: string): Promise<PhotoFile> {
  assertReviewer(actor);
  const message = await db.caseMessage.findFirst({
    where: { id: messageId, requestId, photoKey: { not: null } },
    select: { photoKey: true, photoType: true, photoName: true },
  });
  if (!message?.photoKey) throw new AppError("not_found", NOT_FOUND);
  await recordAuditEvent({ actor, action: "prescription.photo_viewed", subjectType: "case_message", subjectId: messageId, detail: { requestId } });
  const object = await uploadStorage().get(message.photoKey);
  if (!object) throw new AppError("not_found", NOT_FOUND);
  return { bytes: object.bytes, contentType: message.photoType ?? object.contentType, filename: message.photoName ?? "photo" };
}
