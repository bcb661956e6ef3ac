import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { storeWeightPhoto } from "@/lib/server/weight-verification/add-weight-photo";
import type { WeightEvidenceView } from "@/lib/server/weight-verification/types";
import { CHECK_IN_NOT_FOUND } from "@/lib/validation/check-ins";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The patient's scales photo for their own open check-in of a weight-loss medicine (full
 * length, today's date handwritten), stored exactly as an order's weight photo (bytes checked,
 * metadata stripped, random key; add-weight-photo.ts). GPhC distance-pharmacy guidance
 * (February 2025), weight management: weight verified independently at every supply.
 */
export async function addCheckInWeightPhoto(actor: Actor, id: string, file: { bytes: Buffer; filename: string }): Promise<WeightEvidenceView> {
  if (!isUuid(id)) throw new AppError("not_found", CHECK_IN_NOT_FOUND);
  return storeWeightPhoto(async (tx) => ({ checkInId: await lockOwnOpenCheckIn(tx, actor, id) }), file, "Send the clearest one with your check-in.");
}

/** The actor's own check-in still waiting for answers, locked; 404 for anyone else's, 409 when closed or no weight is needed. */
async function lockOwnOpenCheckIn(tx: Tx, actor: Actor, id: string): Promise<string> {
  const found = await tx.checkIn.findFirst({ where: { id, ...ownedBy(actor) }, select: { id: true } });
  if (!found) throw new AppError("not_found", CHECK_IN_NOT_FOUND);
  await tx.$queryRaw`SELECT id FROM check_ins WHERE id = ${id}::uuid FOR UPDATE`;
  const row = await tx.checkIn.findUniqueOrThrow({ where: { id }, select: { status: true, subscription: { select: { product: { select: { requiresWeightVerification: true } } } } } });
  if (!row.subscription.product.requiresWeightVerification) throw new AppError("conflict", "This check-in does not need a weight photo.");
  if (row.status !== "DUE" && row.status !== "MISSED") throw new AppError("conflict", "You have already sent this check-in, so no more photos can be added.");
  return id;
}
