import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { readEachValue } from "@/lib/server/core/pagination/keyset";
import type { PrescriptionStatus } from "@/lib/server/prescriptions/types";
import { ownCaseNotice } from "@/lib/server/staff-review/claim-rules";
import { readQueuePage, searchedReference, type QueuePageQuery } from "@/lib/server/staff-review/queue-page";
import { assertReviewer } from "./assert-reviewer";
import { countReviewQueue } from "./count-review-queue";
import { prescriptionClaimPolicy } from "./review-kind";
import { caseClaimView, claimSelect } from "./claim-view";
import { DECIDED_STATUSES, OPEN_STATUSES, type QueueItem, type ReviewQueue } from "./types";
import { millisecondsInDay } from "date-fns/constants";

const RECENT_DAYS = 7;
const RECENT_LIMIT = 25;

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
 * the patient has answered keeps its place and its due time), a keyset page at a time
 * (`after` is the cursor the page before ended at; `reference` finds one request instead),
 * with how many wait in all and how many are past their promise; and the ones decided in the
 * last week, newest first (narrowed to the reference too). References and states only: no
 * patient data, so not audited.
 */
export async function listReviewQueue(actor: StaffActor, query: QueuePageQuery = {}, now: Date = new Date()): Promise<ReviewQueue> {
  assertReviewer(actor);
  const reference = searchedReference(query.reference);
  const keyOf = (row: { submittedAt: Date | null; id: string }) => ({ at: row.submittedAt ?? now, id: row.id });
  const [page, counts, decided] = await Promise.all([
    // A paid request always has its payment time. Each open status is read on its own, in order
    // from the index on (status, submitted_at), and merged: a page reads its own rows, not the backlog.
    readQueuePage(query, "submittedAt", (slice, take) => readEachValue(OPEN_STATUSES, take, "asc", (status) => db.prescriptionRequest.findMany({ where: { status, ...slice }, orderBy: [{ submittedAt: "asc" }, { id: "asc" }], take, select: queueSelect }), keyOf), keyOf),
    countReviewQueue(actor, now),
    db.prescriptionRequest.findMany({
      where: { status: { in: [...DECIDED_STATUSES] }, decidedAt: { gte: new Date(now.getTime() - RECENT_DAYS * millisecondsInDay) }, ...(reference ? { reference } : {}) },
      orderBy: [{ decidedAt: "desc" }, { id: "asc" }],
      take: RECENT_LIMIT,
      select: queueSelect,
    }),
  ]);
  const toItem = (row: (typeof decided)[number]): QueueItem => ({
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
  return { open: page.rows.map(toItem), openTotal: counts.open, overdueTotal: counts.overdue, nextAfter: page.nextAfter, isLaterPage: page.isLaterPage, reference, decided: decided.map(toItem) };
}
