import "server-only";
import { isStaff } from "@/lib/server/core/actor/account-actor";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { claimCase } from "@/lib/server/staff-review/claim-case";
import { releaseCase } from "@/lib/server/staff-review/release-case";
import { CHECK_IN_REVIEWER_ROLES, checkInReview } from "./check-in-review-kind";
import type { CheckInActionResult } from "./types";

/** Defence in depth behind the route's role check. */
export function assertCheckInReviewer(actor: StaffActor): void {
  if (!isStaff(actor, CHECK_IN_REVIEWER_ROLES)) throw new AppError("forbidden", "You do not have access to this area.");
}

/** The prescriber takes the check-in (one at a time; a stale claim is taken over). */
export async function claimCheckIn(actor: StaffActor, id: string): Promise<CheckInActionResult> {
  assertCheckInReviewer(actor);
  const { found } = await claimCase(actor, checkInReview, id);
  return { id, reference: found.reference, status: found.status, message: `You are reviewing ${found.reference}.` };
}

/** Gives the check-in back to the queue (the claim's holder only). */
export async function releaseCheckIn(actor: StaffActor, id: string): Promise<CheckInActionResult> {
  assertCheckInReviewer(actor);
  const found = await releaseCase(actor, checkInReview, id);
  return { id, reference: found.reference, status: found.status, message: `${found.reference} is back in the queue.` };
}
