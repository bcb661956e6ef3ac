import "server-only";
import { revokeAllSessions } from "@/lib/server/auth/revoke-sessions";
import type { AccountActor } from "@/lib/server/core/actor/types";
import type { Tx } from "@/lib/server/core/db/client";
import { Prisma } from "@/lib/server/core/db/generated/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { linkVerifiedEmail } from "@/lib/server/guest/link-verified-email";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { emailChangedMail } from "@/lib/server/auth/account-mail";

export const EMAIL_NOW_TAKEN =
  "This email address now belongs to another account, so we could not move yours to it. Nothing has changed.";

/**
 * Moves the account to the address a change link was sent to, marked verified. The actor
 * must have claimed that link in `tx`. Every other unused link of the account stops working,
 * every session except the actor's own (when the actor is this user) is signed out, and
 * the old address is told; what we hold under the new address joins the account. If the address was taken since the request, the unique index
 * refuses it: a 409, and the transaction (the claim included) rolls back.
 */
export async function applyEmailChange(tx: Tx, change: { userId: string; email: string }, actor: AccountActor | null): Promise<string> {
  const { email: oldEmail } = await tx.user.findUniqueOrThrow({ where: { id: change.userId }, select: { email: true } });
  try {
    await tx.user.update({ where: { id: change.userId }, data: { email: change.email, emailVerifiedAt: new Date() } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("conflict", EMAIL_NOW_TAKEN);
    }
    throw error;
  }
  await tx.emailVerification.updateMany({ where: { userId: change.userId, usedAt: null }, data: { usedAt: new Date() } });
  await linkVerifiedEmail(tx, change, "email_change_link", actor?.user.id === change.userId ? actor : null);
  const keepSessionId = actor?.user.id === change.userId ? actor.sessionId : undefined;
  await revokeAllSessions(change.userId, tx, keepSessionId);
  await sendMail(emailChangedMail(oldEmail, change.email), tx);
  return keepSessionId
    ? `Your email address is now ${change.email}. Your other devices have been signed out.`
    : `Your email address is now ${change.email}. Please log in with it.`;
}
