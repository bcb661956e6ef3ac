import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readPhoto, type PhotoFile } from "@/lib/server/questionnaire/get-questionnaire-photo";
import { assertReviewer } from "./assert-reviewer";

const NOT_FOUND = "We could not find that photo.";

/** A questionnaire photo of a paid request, for staff; the view is audited before the bytes are read. */
export async function getCasePhoto(actor: StaffActor, requestId: string, photoId: string): Promise<PhotoFile> {
  assertReviewer(actor);
  const photo = await db.questionnairePhoto.findFirst({
    where: { id: photoId, response: { prescriptionRequests: { some: { id: requestId, status: { not: "PENDING_PAYMENT" } } } } },
    select: { storageKey: true, contentType: true, displayName: true },
  });
  if (!photo) throw new AppError("not_found", NOT_FOUND);
  await recordAuditEvent({ actor, action: "prescription.photo_viewed", subjectType: "questionnaire_photo", subjectId: photoId, detail: { requestId } });
  return readPhoto(photo);
}
