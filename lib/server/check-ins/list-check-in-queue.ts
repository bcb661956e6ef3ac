import "server-only";
import type { StaffActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { ownCaseNotice, toClaimView } from "@/lib/server/staff-review/claim-rules";
import { flagsOf } from "./check-in-answers";
import { checkInClaimPolicy } from "./check-in-review-kind";
import type { CheckInQueueItem } from "./types";

/**
 * The prescriber's queue: answered check-ins, oldest answer first, with the renewal date they
 * gate. No answers here (the list is not an audited view): only whether one needs attention.
 */
export async function listCheckInQueue(actor: StaffActor, now: Date = new Date()): Promise<CheckInQueueItem[]> {
  const rows = await db.checkIn.findMany({
    where: { status: "SUBMITTED" },
    select: {
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
    },
    orderBy: [{ submittedAt: "asc" }, { reference: "asc" }],
    take: 500,
  });
  return rows.map((row) => ({
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
}

/** How many answered check-ins wait (the staff navigation's count). */
export function countCheckInQueue(): Promise<number> {
  return db.checkIn.count({ where: { status: "SUBMITTED" } });
}
