import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";

export const PHOTOS_REQUIRED =
  "Add your three progress photos (hairline, crown and top of the head) and save them before sending your check-in: your prescriber compares them with your earlier photos.";
export const PHOTOS_NOT_USABLE =
  "Those photos cannot be sent with this check-in: add and save a new set of the three photos here, taken since your check-in opened.";

/**
 * Links the patient's progress photo set to their hair-loss check-in, inside the check-in's
 * transaction. The set must be the patient's own, taken since the check-in opened (an earlier
 * set is not today's record) and not sent with another check-in; otherwise 422 and nothing is
 * written. Caller holds the check-in's row lock.
 */
export async function linkCheckInPhotos(tx: Tx, checkIn: { id: string; userId: string; openedAt: Date }, setId: string | undefined): Promise<void> {
  if (!setId) throw new AppError("validation_failed", PHOTOS_REQUIRED, { progress_photos: [PHOTOS_REQUIRED] });
  const linked = await tx.progressPhotoSet.updateMany({
    where: { id: setId, userId: checkIn.userId, checkInId: null, takenAt: { gte: checkIn.openedAt } },
    data: { checkInId: checkIn.id },
  });
  if (linked.count !== 1) throw new AppError("validation_failed", PHOTOS_NOT_USABLE, { progress_photos: [PHOTOS_NOT_USABLE] });
}
