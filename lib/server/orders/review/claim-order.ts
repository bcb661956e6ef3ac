import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { claimCase } from "@/lib/server/staff-review/claim-case";
import { orderReview } from "./order-review-kind";
import { NOTHING_TO_PRESCRIBE } from "./prescribe-order";
import type { OrderActionResult } from "./types";

/**
 * The pharmacist takes the order (the staff-review claim: one at a time, a stale claim taken
 * over); a prescriber may take only an order whose prescription-only lines wait for them.
 */
export async function claimOrder(actor: StaffActor, id: string): Promise<OrderActionResult> {
  const { found } = await claimCase(actor, orderReview, id, async (_tx, order) => {
    if (actor.user.role === "PRESCRIBER" && !order.awaitingPrescriber) throw new AppError("conflict", NOTHING_TO_PRESCRIBE);
  });
  return { id, reference: found.reference, status: found.status, message: `You are reviewing ${found.reference}.` };
}
