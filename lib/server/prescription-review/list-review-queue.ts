import "server-only";
import type { StaffActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import type { PrescriptionStatus } from "@/lib/server/prescriptions/types";
import { ownCaseNotice } from "@/lib/server/staff-review/claim-rules";
import { assertReviewer } from "./assert-reviewer";
import { prescriptionClaimPolicy } from "./review-kind";
import { caseClaimView, claimSelect } from "./claim-view";
import { DECIDED_STATUSES, OPEN_STATUSES, type QueueItem, type ReviewQueue } from "./types";

const RECENT_DAYS = 7;
const RECENT_LIMIT = 25;
// A safety bound for one page; a queue this long is an incident of its own.
const OPEN_LIMIT = 500;

const queueSelect = {
  id: true,
  reference: true,
  submittedAt: true,
  dueAt: true,
  decidedAt: true,
  decidedBy: { select: { name: true } },
  userId: true,
  email: true,
  ...claimSelect,
} as const;

/**
 * The prescribers' queue: paid, undecided requests oldest first (by payment time; a case
 * the patient has answered keeps its place and its due time), and the ones decided in the
 * last week, newest first. References and states only: no patient data, so not audited.
 */
export async function listReviewQueue(actor: StaffActor, now: Date = new Date()): Promise<ReviewQueue> {
  assertReviewer(actor);
  const [open, decided] = await Promise.all([
    db.prescriptionRequest.findMany({
      where: { status: { in: [...OPEN_STATUSES] } },
      orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
      take: OPEN_LIMIT,
      select: queueSelect,
    }),
    db.prescriptionRequest.findMany({
      where: { status: { in: [...DECIDED_STATUSES] }, decidedAt: { gte: new Date(now.getTime() - RECENT_DAYS * 86_400_000) } },
      orderBy: [{ decidedAt: "desc" }, { id: "asc" }],
      take: RECENT_LIMIT,
      select: queueSelect,
    }),
  ]);
  const toItem = (row: (typeof open)[number]): QueueItem => ({
    id: row.id,
    reference: row.reference,
    status: row.status as PrescriptionStatus,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    claim: caseClaimView(row, actor.user.id, now),
    ownNotice: ownCaseNotice(prescriptionClaimPolicy, row, actor.user),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByName: row.decidedBy?.name ?? null,
  });
  return { open: open.map(toItem), decided: decided.map(toItem) };
}
