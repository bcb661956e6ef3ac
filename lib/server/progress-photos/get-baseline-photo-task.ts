import "server-only";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";

/** A paid hair-loss assessment (the prescription service): in review, answered or issued. */
const PAID = ["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT", "ISSUED"] as const;

/**
 * The invitation to add baseline progress photos: shown to a signed-in patient who has paid for
 * the prescription service (the hair-loss assessment) and has no photo set yet, so later sets
 * have a starting point to compare with. Not blocking. Guests have no dashboard: null.
 */
export async function getBaselinePhotoTask(actor: Actor): Promise<{ reference: string } | null> {
  if (actor.kind === "guest") return null;
  const [request, sets] = await Promise.all([
    db.prescriptionRequest.findFirst({ where: { userId: actor.user.id, status: { in: [...PAID] } }, select: { reference: true }, orderBy: { createdAt: "asc" } }),
    db.progressPhotoSet.count({ where: { userId: actor.user.id } }),
  ]);
  return request && sets === 0 ? { reference: request.reference } : null;
}
