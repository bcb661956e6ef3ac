import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { assertReviewer } from "./assert-reviewer";
import { OPEN_STATUSES } from "./types";

/** How many paid requests wait for a decision, and how many of them are past their due time. */
export async function countReviewQueue(actor: StaffActor, now: Date = new Date()): Promise<{ open: number; overdue: number }> {
  assertReviewer(actor);
  const where = { status: { in: [...OPEN_STATUSES] } };
  const [open, overdue] = await Promise.all([
    db.prescriptionRequest.count({ where }),
    db.prescriptionRequest.count({ where: { ...where, dueAt: { lte: now } } }),
  ]);
  return { open, overdue };
}
