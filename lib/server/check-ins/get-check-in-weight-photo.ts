import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readPhoto, type PhotoFile } from "@/lib/server/questionnaire/get-questionnaire-photo";
import { assertCheckInReviewer } from "./claim-check-in";

const NOT_FOUND = "We could not find that photo.";

/** A check-in's scales photo for the prescriber (the route admits the check-in reviewers); the view is audited before the bytes are read. */
export async function getCheckInWeightPhoto(actor: StaffActor, checkInId: string, photoId: string): Promise<PhotoFile> {
  assertCheckInReviewer(actor);
  const photo = await db.weightEvidence.findFirst({
    where: { id: photoId, checkInId, kind: "PHOTO" },
    select: { storageKey: true, contentType: true, displayName: true, checkIn: { select: { reference: true } } },
  });
  if (!photo?.storageKey || !photo.contentType) throw new AppError("not_found", NOT_FOUND);
  await recordAuditEvent({ actor, action: "weight.photo_viewed", subjectType: "weight_evidence", subjectId: photoId, detail: { checkInId, reference: photo.checkIn?.reference ?? null } });
  return readPhoto({ storageKey: photo.storageKey, contentType: photo.contentType, displayName: photo.displayName ?? "weight-photo" });
}
