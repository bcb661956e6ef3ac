import "server-only";
import type { Actor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { storeImage } from "@/lib/server/services/uploads/store-image";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { lockOwnWeightOrder } from "./lock-own-weight-order";
import { toEvidenceView } from "./read-weight-state";
import type { WeightEvidenceOwner, WeightEvidenceView } from "./types";

/** Enough for a retake or two; more is not a verification, it is a mistake or abuse. */
const MAX_WEIGHT_PHOTOS = 5;

/**
 * Adds the patient's weight verification photo to their own order (GPhC distance-selling
 * guidance, February 2025, weight management: independent verification of weight).
 */
export async function addWeightPhoto(actor: Actor, reference: string, file: { bytes: Buffer; filename: string }): Promise<WeightEvidenceView> {
  return storeWeightPhoto(async (tx) => ({ orderId: (await lockOwnWeightOrder(tx, actor, reference)).id }), file, "Book a video consultation instead.");
}

/**
 * Stores a weight photo for what `lock` finds (the caller's own record, locked; it throws for
 * anyone else's). The image is checked by its bytes, re-encoded without metadata (EXIF,
 * location) and stored under a random key before the row is written; if the row cannot be
 * written, the file is removed.
 */
export async function storeWeightPhoto(lock: (tx: Tx) => Promise<WeightEvidenceOwner>, file: { bytes: Buffer; filename: string }, whenFull: string): Promise<WeightEvidenceView> {
  await db.$transaction(async (tx) => assertRoomForPhoto(tx, await lock(tx), whenFull));
  const stored = await storeImage(file.bytes);
  try {
    return await db.$transaction(async (tx) => {
      const owner = await lock(tx);
      await assertRoomForPhoto(tx, owner, whenFull);
      const row = await tx.weightEvidence.create({
        data: {
          ...owner,
          kind: "PHOTO",
          storageKey: stored.key,
          contentType: stored.contentType,
          sizeBytes: stored.size,
          width: stored.width,
          height: stored.height,
          displayName: file.filename,
        },
        select: { id: true, kind: true, displayName: true, createdAt: true },
      });
      return toEvidenceView(row);
    });
  } catch (error) {
    await uploadStorage().delete(stored.key).catch(() => {});
    throw error;
  }
}

async function assertRoomForPhoto(tx: Tx, owner: WeightEvidenceOwner, whenFull: string): Promise<void> {
  if ((await tx.weightEvidence.count({ where: { ...owner, kind: "PHOTO" } })) >= MAX_WEIGHT_PHOTOS) {
    const what = "orderId" in owner ? "an order" : "a check-in";
    throw new AppError("validation_failed", `You can send at most ${MAX_WEIGHT_PHOTOS} weight photos for ${what}. ${whenFull}`, { photo: [`At most ${MAX_WEIGHT_PHOTOS} photos.`] });
  }
}
