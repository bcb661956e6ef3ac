import "server-only";
import type { StaffActor } from "@/lib/server/actor/types";
import { claimCase } from "@/lib/server/staff-review/claim-case";
import { orderReview } from "./order-review-kind";
import type { OrderActionResult } from "./types";

/** The pharmacist takes the order (the staff-review claim: one at a time, a stale claim taken over). */
export async function claimOrder(actor: StaffActor, id: string): Promise<OrderActionResult> {
  const { found } = await claimCase(actor, orderReview, id);
  return { id, reference: found.reference, status: found.status, message: `You are reviewing ${found.reference}.` };
}
