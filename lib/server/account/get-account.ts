import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";

/**
 * The account settings the user can see and change: whether their address is verified, and
 * the address a change is waiting on (its link unused and unexpired), if any.
 */
export async function getAccount(actor: AccountActor) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: actor.user.id },
    select: {
      id: true,
      name: true,
      email: true,
      emailVerifiedAt: true,
      remindersEnabled: true,
      emailVerifications: {
        where: { purpose: "CHANGE", usedAt: null, expiresAt: { gt: new Date() } },
        select: { email: true },
        orderBy: { createdAt: "desc" },
        take: 1,
      },
    },
  });
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    pending_email: user.emailVerifications[0]?.email ?? null,
    reminders_enabled: user.remindersEnabled,
  };
}
