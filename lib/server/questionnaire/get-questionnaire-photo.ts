import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";

export type PhotoFile = { bytes: Buffer; contentType: string; filename: string };

const NOT_FOUND = "We could not find that photo.";

/** A photo of the actor's own questionnaire response; 404 for anyone else's. */
export async function getQuestionnairePhoto(actor: Actor | null, responseId: string, photoId: string): Promise<PhotoFile> {
  const photo = actor
    ? await db.questionnairePhoto.findFirst({
        where: { id: photoId, responseId, response: ownedBy(actor) },
        select: { storageKey: true, contentType: true, displayName: true },
      })
    : null;
  if (!photo) throw new AppError("not_found", NOT_FOUND);
  return readPhoto(photo);
}

/** The stored bytes of a photo row (callers have checked who may see it). */
export async function readPhoto(photo: { storageKey: string; contentType: string; displayName: string }): Promise<PhotoFile> {
  const object = await uploadStorage().get(photo.storageKey);
  if (!object) throw new AppError("not_found", NOT_FOUND);
  return { bytes: object.bytes, contentType: photo.contentType, filename: photo.displayName };
}
