import "server-only";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { assertNotSubmitted, lockOwnedResponse } from "./response-records";

/** Removes a photo from the actor's unsubmitted response (row first, then the stored file). */
export async function removeQuestionnairePhoto(actor: Actor, id: string, photoId: string): Promise<void> {
  const key = await db.$transaction(async (tx) => {
    assertNotSubmitted(await lockOwnedResponse(tx, actor, id));
    const photo = await tx.questionnairePhoto.findFirst({ where: { id: photoId, responseId: id }, select: { storageKey: true } });
    if (!photo) throw new AppError("not_found", "We could not find that photo.");
    await tx.questionnairePhoto.delete({ where: { id: photoId } });
    return photo.storageKey;
  });
  // A file left behind by a failure here is unreachable: no row points at it.
  await uploadStorage().delete(key).catch(() => {});
}
