import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";

/** The dashboard's "Tell us about your GP" task, or null when there is nothing to ask. */
export type GpTask = { requiredFor: string } | null;

/**
 * A task while an order with a "GP consent required" medicine (Mounjaro) waits for the
 * pharmacist and the patient has not given their GP: the supply waits for their details and
 * consent, or for the clinician's recorded reason. (Other supplies only offer it: the
 * prescription request's page asks, and a letter goes whenever the patient consented.)
 */
export async function getGpTask(actor: AccountActor): Promise<GpTask> {
  const userId = actor.user.id;
  if (await db.gpDetails.findUnique({ where: { userId }, select: { userId: true } })) return null;
  const line = await db.orderLine.findFirst({
    where: { order: { userId, status: { in: ["AWAITING_PHARMACIST", "CONSULTATION_INVITED"] } }, product: { requiresGpConsent: true } },
    select: { name: true },
  });
  return line ? { requiredFor: line.name } : null;
}
