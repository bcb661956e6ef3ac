import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { evaluateIdentity } from "./evaluate-identity";
import type { IdentityTask } from "./types";

/**
 * The patient's one identity task: shown while a prescription-only supply waits for a
 * clinician (a prescription request in review, a paid order with a prescription-only medicine)
 * and the patient's verified document does not match its questionnaires, or there is none.
 */
export async function findIdentityTask(actor: AccountActor): Promise<IdentityTask | null> {
  if (actor.kind !== "patient") return null;
  const userId = actor.user.id;
  const [requests, orders] = await Promise.all([
    db.prescriptionRequest.findMany({ where: { userId, status: { in: ["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT"] } }, select: { reference: true, responseId: true } }),
    db.order.findMany({
      where: { userId, status: { in: ["AWAITING_PHARMACIST", "CONSULTATION_INVITED"] }, lines: { some: { productKind: "PRESCRIPTION_ONLY" } } },
      select: { reference: true, lines: { where: { productKind: "PRESCRIPTION_ONLY" }, select: { assessmentId: true } } },
    }),
  ]);
  const waiting = [
    ...requests.map((request) => ({ reference: request.reference, responseIds: [request.responseId] })),
    ...orders.map((order) => ({ reference: order.reference, responseIds: order.lines.flatMap((line) => (line.assessmentId ? [line.assessmentId] : [])) })),
  ];
  if (!waiting.length) return null;
  const found = await evaluateIdentity(db, { userId, responseIds: waiting.flatMap((supply) => supply.responseIds) });
  const references = waiting.map((supply) => supply.reference);
  if (found.state === "not_verified") return { reason: found.lastError ? "not_accepted" : "not_verified", mismatched: [], references };
  if (found.state === "checked" && found.mismatched.length) return { reason: "mismatch", mismatched: found.mismatched, references };
  return null;
}
