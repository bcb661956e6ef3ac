import "server-only";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { storeImage } from "@/lib/server/services/uploads/store-image";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { assertNotSubmitted, lockOwnedResponse } from "./response-records";
import type { QuestionnairePhotoView } from "./types";

/**
 * Adds a photo to the actor's unsubmitted questionnaire response. The image is checked by
 * its bytes, re-encoded without metadata and stored under a random key (uploads module)
 * before the row is written; if the row cannot be written, the stored file is removed.
 */
export async function addQuestionnairePhoto(actor: Actor, id: string, file: { bytes: Buffer; filename: string }): Promise<QuestionnairePhotoView> {
  const maxFiles = await checkCanAddPhoto(actor, id);
  const stored = await storeImage(file.bytes);
  try {
    return await db.$transaction(async (tx) => {
      assertNotSubmitted(await lockOwnedResponse(tx, actor, id));
      if ((await tx.questionnairePhoto.count({ where: { responseId: id } })) >= maxFiles) throw tooMany(maxFiles);
      const photo = await tx.questionnairePhoto.create({
        data: {
          responseId: id,
          storageKey: stored.key,
          contentType: stored.contentType,
          sizeBytes: stored.size,
          width: stored.width,
          height: stored.height,
          displayName: file.filename,
        },
        select: { id: true, displayName: true },
      });
      return { id: photo.id, name: photo.displayName };
    });
  } catch (error) {
    await uploadStorage().delete(stored.key).catch(() => {});
    throw error;
  }
}

/** Ownership, lock state and the photo limit, before the (slow) image work. */
async function checkCanAddPhoto(actor: Actor, id: string): Promise<number> {
  return db.$transaction(async (tx) => {
    const row = await lockOwnedResponse(tx, actor, id);
    assertNotSubmitted(row);
    const upload = getQuestionnaireDefinition(row.definition)?.steps.find((question) => question.kind === "upload")?.upload;
    if (!upload) throw new AppError("validation_failed", "This questionnaire does not take photos.");
    if ((await tx.questionnairePhoto.count({ where: { responseId: id } })) >= upload.maxFiles) throw tooMany(upload.maxFiles);
    return upload.maxFiles;
  });
}

function tooMany(max: number) {
  return new AppError("validation_failed", `You can upload at most ${max} photos. Remove one to add another.`, { photo: [`You can upload at most ${max} photos.`] });
}
