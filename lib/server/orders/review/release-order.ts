import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { releaseCase } from "@/lib/server/staff-review/release-case";
import { orderReview } from "./order-review-kind";
import type { OrderActionResult } from "./types";

/** The claim's holder puts the order back in the queue. */
export async function releaseOrder(actor: StaffActor, id: string): Promise<OrderActionResult> {
  const found = await releaseCase(actor, orderReview, id);
  return { id, reference: found.reference, status: found.status, message: `${found.reference} is back in the queue.` };
}
