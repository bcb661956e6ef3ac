import "server-only";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { lockOwnWeightOrder } from "./lock-own-weight-order";
import { toEvidenceView } from "./read-weight-state";
import type { WeightEvidenceView } from "./types";

/**
 * Records that the patient chose to be weighed on a video consultation instead of sending a
 * photo (they book it at /consultation). Safe to call twice: the latest answer is kept once.
 */
export async function chooseVideoConsultation(actor: Actor, reference: string): Promise<WeightEvidenceView> {
  return db.$transaction(async (tx) => {
    const order = await lockOwnWeightOrder(tx, actor, reference);
    const select = { id: true, kind: true, displayName: true, createdAt: true } as const;
    const latest = await tx.weightEvidence.findFirst({ where: { orderId: order.id }, select, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    if (latest?.kind === "VIDEO_CONSULTATION") return toEvidenceView(latest);
    return toEvidenceView(await tx.weightEvidence.create({ data: { orderId: order.id, kind: "VIDEO_CONSULTATION" }, select }));
  });
}
