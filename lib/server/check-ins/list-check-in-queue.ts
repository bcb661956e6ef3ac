import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { ownCaseNotice, toClaimView } from "@/lib/server/staff-review/claim-rules";
import { readQueuePage, searchedReference, type QueuePageQuery } from "@/lib/server/staff-review/queue-page";
import { flagsOf } from "./check-in-answers";
import { checkInClaimPolicy } from "./check-in-review-kind";
import type { CheckInQueue } from "./types";

const checkInSelect = {
  id: true,
  reference: true,
  userId: true,
  periodEnd: true,
  submittedAt: true,
  sideEffects: true,
  newConditions: true,
  wantsToContinue: true,
  claimedById: true,
  claimedAt: true,
  claimedBy: { select: { name: true } },
  subscription: { select: { email: true, shipName: true, user: { select: { name: true } }, plan: { select: { name: true } } } },
} as const;

/**
 * The prescriber's queue: answered check-ins, oldest answer first, a keyset page at a time
 * (`after` is the cursor the page before ended at; `reference` finds one check-in instead),
 * with the renewal date they gate and how many wait in all. No answers here (the list is not
 * an audited view): only whether one needs attention.
 */
export async function listCheckInQueue(actor: StaffActor, query: QueuePageQuery = {}, now: Date = new Date()): Promise<CheckInQueue> {
  const [page, total] = await Promise.all([
    readQueuePage(
      query,
      "submittedAt",
      (slice, take) => db.checkIn.findMany({ where: { status: "SUBMITTED", ...slice }, select: checkInSelect, orderBy: [{ submittedAt: "asc" }, { id: "asc" }], take }),
      // An answered check-in always has its answer time.
      (row) => ({ at: row.submittedAt ?? now, id: row.id }),
    ),
    countCheckInQueue(),
  ]);
  const items = page.rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    patientName: row.subscription.user?.name ?? row.subscription.shipName ?? row.subscription.email,
    planName: row.subscription.plan.name,
    submittedAt: (row.submittedAt ?? now).toISOString(),
    dueBy: row.periodEnd.toISOString(),
    late: row.periodEnd.getTime() <= now.getTime(),
    flagged: flagsOf(row).length > 0,
    claim: toClaimView({ claimedById: row.claimedById, claimedAt: row.claimedAt, claimerName: row.claimedBy?.name ?? null }, actor.user.id, now),
    ownCaseNotice: ownCaseNotice(checkInClaimPolicy, { userId: row.userId, email: row.subscription.email }, actor.user),
  }));
  return { items, total, nextAfter: page.nextAfter, isLaterPage: page.isLaterPage, reference: searchedReference(query.reference) };
}

/** How many answered check-ins wait (the staff navigation's count). */
function countCheckInQueue(): Promise<number> {
  return db.checkIn.count({ where: { status: "SUBMITTED" } });
}
