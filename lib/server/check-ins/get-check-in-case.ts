import "server-only";
import { doseLadderFor, nextDose } from "@/lib/medicines/dose-ladders";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { ownCaseNotice, toClaimView } from "@/lib/server/staff-review/claim-rules";
import { openSideEffectFlags } from "@/lib/server/side-effects/open-side-effect-flags";
import { listCaseProgressPhotos } from "@/lib/server/progress-photos/list-progress-photos";
import { viewCase } from "@/lib/server/staff-review/view-case";
import type { Tx } from "@/lib/server/core/db/client";
import { toEvidenceView, toVerificationView, verificationSelect, weightChangeSinceFirst } from "@/lib/server/weight-verification/read-weight-state";
import { answerSelect, flagsOf, toAnswers } from "./check-in-answers";
import { checkInClaimPolicy, checkInReview } from "./check-in-review-kind";
import { hairLossSubscriptionSelect, isHairLossCheckIn } from "./is-hair-loss-check-in";
import type { CheckInCase, CheckInDose, CheckInWeight } from "./types";

function checkInDoseOf(slug: string, row: { dose: string | null; requestedDose: string | null; approvedDose: string | null }): CheckInDose | null {
  const ladder = doseLadderFor(slug);
  if (!ladder || !row.dose) return null;
  const up = nextDose(slug, row.dose);
  return { current: row.dose, requested: row.requestedDose, approved: row.approvedDose, options: up ? [row.dose, up] : [row.dose], frequency: ladder.frequency, source: ladder.source };
}

async function checkInWeightOf(tx: Tx, row: { id: string; userId: string | null; weightKg: { toString(): string } | null }): Promise<CheckInWeight> {
  const photos = await tx.weightEvidence.findMany({ where: { checkInId: row.id, kind: "PHOTO" }, select: { id: true, kind: true, displayName: true, createdAt: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const record = await tx.weightVerification.findFirst({ where: { checkInId: row.id }, select: { ...verificationSelect, createdAt: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const verification = record ? toVerificationView(record) : null;
  const reported = row.weightKg ? Number(row.weightKg.toString()) : null;
  const basis = verification ? "verified" : "self-reported";
  const against = verification?.weightKg ?? reported;
  const change = against !== null ? await weightChangeSinceFirst(tx, row.userId, against, record?.createdAt) : null;
  return { photos: photos.map(toEvidenceView), verification, change: change ? { ...change, basis } : null };
}

/** The prescriber's case: the answers, the subscription, its earlier supplies and check-ins, a hair-loss patient's photos. An audited view. */
export async function getCheckInCase(actor: StaffActor, id: string, now: Date = new Date()): Promise<CheckInCase> {
  return viewCase(actor, checkInReview, id, async (tx) => {
    const row = await tx.checkIn.findUnique({
      where: { id },
      select: {
        id: true,
        reference: true,
        status: true,
        userId: true,
        periodEnd: true,
        ...answerSelect,
        dose: true,
        requestedDose: true,
        approvedDose: true,
        decidedAt: true,
        decisionNote: true,
        decidedBy: { select: { name: true } },
        claimedById: true,
        claimedAt: true,
        claimedBy: { select: { name: true } },
        progressPhotoSet: { select: { id: true } },
        subscription: {
          select: {
            ...hairLossSubscriptionSelect,
            id: true,
            email: true,
            shipName: true,
            status: true,
            currentPeriodEnd: true,
            createdAt: true,
            user: { select: { name: true } },
            plan: { select: { name: true } },
            product: { select: { name: true, slug: true, requiresWeightVerification: true } },
            orders: { select: { reference: true, paidAt: true, status: true, checkIn: { select: { reference: true } } }, orderBy: { createdAt: "desc" }, take: 24 },
            checkIns: {
              where: { id: { not: id } },
              select: { reference: true, periodEnd: true, status: true, submittedAt: true, decidedAt: true },
              orderBy: { periodEnd: "desc" },
              take: 24,
            },
          },
        },
      },
    });
    if (!row) return null;
    const sub = row.subscription;
    // A side effect reported and not yet triaged flags this repeat supply too (lib/server/side-effects).
    const reports = row.userId ? await openSideEffectFlags(row.userId, tx) : [];
    const weight = sub.product.requiresWeightVerification ? await checkInWeightOf(tx, row) : null;
    // A hair-loss check-in: the photo sets side by side (each image opened is audited again by the staff photo route).
    const progress = isHairLossCheckIn(sub) ? { sets: await listCaseProgressPhotos(actor, { checkInId: id }), checkInSetId: row.progressPhotoSet?.id ?? null } : null;
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      dueBy: row.periodEnd.toISOString(),
      patient: { name: sub.user?.name ?? sub.shipName ?? sub.email, email: sub.email },
      subscription: {
        id: sub.id,
        planName: sub.plan.name,
        productName: sub.product.name,
        status: sub.status,
        currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
        startedAt: sub.createdAt.toISOString(),
      },
      answers: toAnswers(row),
      dose: checkInDoseOf(sub.product.slug, row),
      weight,
      flags: [
        ...flagsOf(row),
        ...reports.map((report) => ({
          kind: "side_effect_report" as const,
          label: `Side effect report ${report.reference} (${report.severity.toLowerCase()}${report.serious ? ", serious" : ""}), not yet triaged`,
          href: `/staff/side-effects/${report.reportId}`,
        })),
      ],
      decision: row.decidedAt ? { byName: row.decidedBy?.name ?? null, at: row.decidedAt.toISOString(), note: row.decisionNote } : null,
      previousSupplies: sub.orders.map((order) => ({ reference: order.reference, paidAt: order.paidAt?.toISOString() ?? null, status: order.status, checkInReference: order.checkIn?.reference ?? null })),
      earlierCheckIns: sub.checkIns.map((other) => ({
        reference: other.reference,
        dueBy: other.periodEnd.toISOString(),
        status: other.status,
        submittedAt: other.submittedAt?.toISOString() ?? null,
        decidedAt: other.decidedAt?.toISOString() ?? null,
      })),
      progress,
      claim: toClaimView({ claimedById: row.claimedById, claimedAt: row.claimedAt, claimerName: row.claimedBy?.name ?? null }, actor.user.id, now),
      ownCaseNotice: ownCaseNotice(checkInClaimPolicy, { userId: row.userId, email: sub.email }, actor.user),
    };
  });
}
