import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import type { WeightTask } from "./types";

/**
 * The actor's paid orders still waiting for the pharmacist whose medicine needs a verified
 * weight that nobody has recorded yet: a dashboard task each (send the photo, or the video
 * consultation they chose).
 */
export async function listWeightTasks(actor: Actor): Promise<WeightTask[]> {
  const rows = await db.order.findMany({
    where: {
      ...ownedBy(actor),
      status: { in: ["AWAITING_PHARMACIST", "CONSULTATION_INVITED"] },
      lines: { some: { product: { requiresWeightVerification: true } } },
      weightVerifications: { none: { passed: true } },
      // A renewal's weight was verified at its check-in (read-weight-state.ts).
      checkInId: null,
    },
    select: {
      reference: true,
      lines: { where: { product: { requiresWeightVerification: true } }, select: { product: { select: { name: true } } }, take: 1 },
      weightEvidence: { select: { kind: true }, orderBy: { createdAt: "desc" }, take: 1 },
    },
    orderBy: { paidAt: "asc" },
  });
  return rows.map((row) => ({ reference: row.reference, medicine: row.lines[0]?.product.name ?? "your medicine", chosen: row.weightEvidence[0]?.kind ?? null }));
}
