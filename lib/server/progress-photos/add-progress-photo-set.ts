import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { storeImage, type StoredImage } from "@/lib/server/services/uploads/store-image";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { PROGRESS_VIEWS } from "@/lib/progress-photos/views";
import type { ProgressView } from "./types";

/** Sets a patient may add in 24 hours (a retake or two; more is not a progress record). */
const SETS_PER_DAY = 3;
export const TOO_MANY_SETS = `You have added ${SETS_PER_DAY} sets of photos in the last 24 hours. Please add the next set another day.`;

/**
 * Adds a dated set of the three progress photos to the patient's record. All three views are
 * required (a set compares only when complete). Each image is checked by its bytes,
 * re-encoded without metadata (EXIF, location) and stored under a random key before the rows
 * are written in one transaction; if anything fails, the stored files are removed.
 */
export async function addProgressPhotoSet(actor: AccountActor, files: Partial<Record<ProgressView, { bytes: Buffer }>>): Promise<{ id: string; takenAt: string }> {
  const missing = PROGRESS_VIEWS.filter((view) => !files[view.key]);
  if (missing.length) {
    const errors = Object.fromEntries(missing.map((view) => [view.field, [`Add the photo of your ${view.label.toLowerCase()}.`]]));
    throw new AppError("validation_failed", `Add all three photos: ${missing.map((view) => view.label.toLowerCase()).join(", ")} missing.`, errors);
  }
  await assertUnderDailyLimit(actor.user.id);
  const stored: { view: ProgressView; image: StoredImage }[] = [];
  try {
    for (const view of PROGRESS_VIEWS) stored.push({ view: view.key, image: await storeImage(files[view.key]!.bytes) });
    return await db.$transaction(async (tx) => {
      // Serialised per patient, so parallel uploads cannot pass the daily limit together.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`progress-photos:${actor.user.id}`}, 0))`;
      await assertUnderDailyLimit(actor.user.id, tx);
      const set = await tx.progressPhotoSet.create({
        data: {
          userId: actor.user.id,
          photos: {
            create: stored.map(({ view, image }) => ({ view, storageKey: image.key, contentType: image.contentType, sizeBytes: image.size, width: image.width, height: image.height })),
          },
        },
        select: { id: true, takenAt: true },
      });
      return { id: set.id, takenAt: set.takenAt.toISOString() };
    });
  } catch (error) {
    await Promise.all(stored.map(({ image }) => uploadStorage().delete(image.key).catch(() => {})));
    throw error;
  }
}

async function assertUnderDailyLimit(userId: string, client: Pick<typeof db, "progressPhotoSet"> = db) {
  const since = new Date(Date.now() - 24 * 3600_000);
  if ((await client.progressPhotoSet.count({ where: { userId, takenAt: { gt: since } } })) >= SETS_PER_DAY) throw new AppError("rate_limited", TOO_MANY_SETS);
}
