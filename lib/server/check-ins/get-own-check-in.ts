import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { nextDose } from "@/lib/medicines/dose-ladders";
import { answerSelect, toAnswers } from "./check-in-answers";
import { currentDoseOf } from "./check-in-dose";
import { hairLossSubscriptionSelect, isHairLossCheckIn } from "./is-hair-loss-check-in";
import type { PatientCheckIn } from "./types";
import { isUuid } from "@/lib/validation/uuid";

function doseChoiceOf(slug: string, subscriptionDose: string | null): PatientCheckIn["dose"] {
  const current = currentDoseOf(slug, subscriptionDose);
  return current ? { current, next: nextDose(slug, current) } : null;
}

/** The caller's own check-in, or null (someone else's looks missing). */
export async function getOwnCheckIn(actor: Actor, id: string): Promise<PatientCheckIn | null> {
  if (!isUuid(id)) return null;
  const row = await db.checkIn.findFirst({
    where: { id, ...ownedBy(actor) },
    select: {
      id: true,
      reference: true,
      status: true,
      periodEnd: true,
      ...answerSelect,
      _count: { select: { weightEvidence: { where: { kind: "PHOTO" } } } },
      subscription: { select: { ...hairLossSubscriptionSelect, dose: true, plan: { select: { name: true } }, product: { select: { slug: true, requiresWeightVerification: true } } } },
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    dueBy: row.periodEnd.toISOString(),
    planName: row.subscription.plan.name,
    needsWeight: row.subscription.product.requiresWeightVerification,
    weightPhotos: row._count.weightEvidence,
    dose: doseChoiceOf(row.subscription.product.slug, row.subscription.dose),
    needsPhotos: isHairLossCheckIn(row.subscription),
    answers: toAnswers(row),
  };
}
