import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { releaseCase } from "@/lib/server/staff-review/release-case";
import { assertReviewer } from "./assert-reviewer";
import { prescriptionReview } from "./review-kind";

/** Gives the case back to the queue (SUBMITTED, unclaimed). Only its holder may. */
export async function releaseReviewCase(actor: StaffActor, id: string): Promise<{ id: string; reference: string; status: "SUBMITTED" }> {
  assertReviewer(actor);
  const found = await releaseCase(actor, prescriptionReview, id);
  return { id, reference: found.reference, status: "SUBMITTED" };
}
