import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";

export type InvitationView =
  | { state: "open"; id: string; typeSlug: string; typeName: string; note: string; expiresAt: Date; orderReference: string | null }
  | { state: "used" | "expired" };

/** The patient's own invitation to a free consultation, or null (someone else's looks missing). */
export async function getOwnInvitation(actor: AccountActor, id: string, now: Date = new Date()): Promise<InvitationView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await db.consultationInvitation.findFirst({
    where: { id, userId: actor.user.id },
    select: { id: true, note: true, expiresAt: true, usedAt: true, feeWaived: true, consultationType: { select: { slug: true, name: true } }, order: { select: { reference: true } } },
  });
  if (!row || !row.feeWaived) return null;
  if (row.usedAt) return { state: "used" };
  if (row.expiresAt <= now) return { state: "expired" };
  return { state: "open", id: row.id, typeSlug: row.consultationType.slug, typeName: row.consultationType.name, note: row.note, expiresAt: row.expiresAt, orderReference: row.order?.reference ?? null };
}
