import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { readWeightState } from "./read-weight-state";
import type { PatientWeightStep } from "./types";

/** The weight check of the actor's own order, or null when the order needs none (or is not theirs). */
export async function getPatientWeightStep(actor: Actor, reference: string): Promise<PatientWeightStep | null> {
  const order = await db.order.findFirst({ where: { reference, paidAt: { not: null }, ...ownedBy(actor) }, select: { id: true, status: true } });
  if (!order) return null;
  const state = await db.$transaction((tx) => readWeightState(tx, order.id));
  if (!state.required || !state.medicine) return null;
  const verified = state.latest?.passed === true;
  return {
    open: !verified && (order.status === "AWAITING_PHARMACIST" || order.status === "CONSULTATION_INVITED"),
    medicine: state.medicine,
    lastEvidence: state.evidence[0] ?? null,
    verified,
  };
}
