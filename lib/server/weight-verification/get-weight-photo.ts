import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readPhoto, type PhotoFile } from "@/lib/server/questionnaire/get-questionnaire-photo";

const NOT_FOUND = "We could not find that photo.";

/**
 * A patient's weight verification photo of a paid order, for the pharmacist (the route admits
 * PHARMACIST and ADMIN); the view is audited before the bytes are read.
 */
export async function getWeightPhoto(actor: StaffActor, orderId: string, photoId: string): Promise<PhotoFile> {
  const photo = await db.weightEvidence.findFirst({
    // The order's own photo, or (a renewal) the photo sent with the check-in that allowed it.
    where: { id: photoId, kind: "PHOTO", OR: [{ orderId, order: { paidAt: { not: null } } }, { checkIn: { order: { id: orderId, paidAt: { not: null } } } }] },
    select: { storageKey: true, contentType: true, displayName: true, order: { select: { reference: true } }, checkIn: { select: { order: { select: { reference: true } } } } },
  });
  if (!photo?.storageKey || !photo.contentType) throw new AppError("not_found", NOT_FOUND);
  await recordAuditEvent({ actor, action: "weight.photo_viewed", subjectType: "weight_evidence", subjectId: photoId, detail: { orderId, reference: photo.order?.reference ?? photo.checkIn?.order?.reference ?? null } });
  return readPhoto({ storageKey: photo.storageKey, contentType: photo.contentType, displayName: photo.displayName ?? "weight-photo" });
}
