import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { readWeightState, toVerificationView, verificationSelect, weightOwnerOf } from "./read-weight-state";
import type { OrderWeightState, WeightVerificationView } from "./types";

export type WeightReview = OrderWeightState & {
  /** Every record on this order, newest first (corrections included). */
  records: WeightVerificationView[];
  /** The same patient's verified weights on their other orders, newest first: the trend over time. */
  history: (WeightVerificationView & { reference: string })[];
};

/**
 * The weight check of an order as the pharmacist reviews it, or null when no medicine on it
 * needs one. The caller has loaded the order through its audited view (getOrderCase).
 */
export async function getWeightReview(_actor: StaffActor, orderId: string): Promise<WeightReview | null> {
  return db.$transaction(async (tx) => {
    const state = await readWeightState(tx, orderId);
    if (!state.required) return null;
    const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { userId: true } });
    const { owner } = await weightOwnerOf(tx, orderId);
    const records = await tx.weightVerification.findMany({ where: owner, select: verificationSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    const history = order.userId
      ? await tx.weightVerification.findMany({
          where: { order: { userId: order.userId }, orderId: { not: orderId } },
          select: { ...verificationSelect, order: { select: { reference: true } } },
          orderBy: { createdAt: "desc" },
          take: 20,
        })
      : [];
    return { ...state, records: records.map(toVerificationView), history: history.map((row) => ({ ...toVerificationView(row), reference: row.order?.reference ?? "" })) };
  });
}
