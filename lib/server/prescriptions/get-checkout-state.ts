import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { isUuid } from "@/lib/validation/uuid";

export type CheckoutState = { kind: "ready"; questionnaireId: string } | { kind: "already-paid" } | { kind: "no-questionnaire"; reason: string };

/** Whether the checkout screen can take payment for this questionnaire of the actor's. */
export async function getCheckoutState(actor: Actor, questionnaireId: string | undefined): Promise<CheckoutState> {
  if (!questionnaireId || !isUuid(questionnaireId)) return { kind: "no-questionnaire", reason: "no questionnaireId in the address" };
  const response = await db.questionnaireResponse.findFirst({
    where: { id: questionnaireId, definition: "prescription", ...ownedBy(actor) },
    select: { id: true, prescriptionRequests: { where: { status: { notIn: ["PENDING_PAYMENT", "CANCELLED"] } }, select: { id: true }, take: 1 } },
  });
  if (!response) return { kind: "no-questionnaire", reason: `questionnaire ${questionnaireId} not found for this account` };
  if (response.prescriptionRequests.length) return { kind: "already-paid" };
  return { kind: "ready", questionnaireId: response.id };
}
