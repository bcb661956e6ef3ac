import "server-only";
import { db } from "@/lib/server/core/db/client";
import type { AccountActor, PublicUser } from "@/lib/server/core/actor/types";

/** Renames the user. Scoped to the caller's own row. */
export async function updateAccountName(actor: AccountActor, name: string): Promise<PublicUser> {
  return db.user.update({ where: { id: actor.user.id }, data: { name }, select: { id: true, name: true, email: true } });
}

/** Turns email reminders (reorders, appointments) on or off. */
export async function setReminders(actor: AccountActor, enabled: boolean): Promise<{ enabled: boolean }> {
  const user = await db.user.update({ where: { id: actor.user.id }, data: { remindersEnabled: enabled }, select: { remindersEnabled: true } });
  return { enabled: user.remindersEnabled };
}
