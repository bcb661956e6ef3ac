import "server-only";
import type { AccountActor, StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { PROGRESS_VIEWS } from "@/lib/progress-photos/views";

export type ProgressPhotoFile = { bytes: Buffer; contentType: string; filename: string };

const NOT_FOUND = "We could not find that photo.";
const select = { storageKey: true, contentType: true, view: true, set: { select: { takenAt: true, userId: true } } } as const;

async function read(photo: { storageKey: string; contentType: string; view: string; set: { takenAt: Date } }): Promise<ProgressPhotoFile> {
  const object = await uploadStorage().get(photo.storageKey);
  if (!object) throw new AppError("not_found", NOT_FOUND);
  const label = PROGRESS_VIEWS.find((view) => view.key === photo.view)?.field ?? "photo";
  return { bytes: object.bytes, contentType: photo.contentType, filename: `${label}-${photo.set.takenAt.toISOString().slice(0, 10)}` };
}

/** One of the patient's own progress photos; anyone else's is a 404. */
export async function getOwnProgressPhoto(actor: AccountActor, photoId: string): Promise<ProgressPhotoFile> {
  const photo = await db.progressPhoto.findFirst({ where: { id: photoId, set: { userId: actor.user.id } }, select });
  if (!photo) throw new AppError("not_found", NOT_FOUND);
  return read(photo);
}

/** A progress photo opened by a clinician: every view of the image is audited first (health data). */
export async function getProgressPhotoForStaff(actor: StaffActor, photoId: string): Promise<ProgressPhotoFile> {
  const photo = await db.progressPhoto.findUnique({ where: { id: photoId }, select });
  if (!photo) throw new AppError("not_found", NOT_FOUND);
  await recordAuditEvent({ actor, action: "progress_photo.viewed", subjectType: "progress_photo", subjectId: photoId, detail: { view: photo.view } });
  return read(photo);
}
