import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { verifyPassword } from "@/lib/server/auth/password";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";

/**
 * Deletes the actor's account after re-checking the password: the user row and, with it
 * (ON DELETE CASCADE), sessions, reset links, cart, guest links and subscription checkouts
 * (our record of a Checkout session, not of the subscription), their GP's details and consent; and what we hold under
 * their email once they proved it (newsletter subscription, contact messages, outbox copies
 * linked to the account by linkVerifiedEmail; never matched by email here, so an unverified
 * account cannot delete a stranger's). One transaction.
 * Consultation bookings are detached (user_id ON DELETE SET NULL) and kept: they stay
 * booked, and their emails go to the address they were booked under. Medical records that
 * UK law requires us to keep (prescriptions, supply records, clinical notes) are treated the
 * same way when they exist: detached and retained, not deleted; so are side-effect reports
 * and their threads (user_id ON DELETE SET NULL: a pharmacovigilance record, MHRA Yellow Card),
 * and GP letters (user_id SET NULL).
 */
export async function deleteAccount(actor: AccountActor, password: string): Promise<void> {
  await consumeRateLimit(rateLimits.passwordRecheckPerAccount, actor.user.id);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.user.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, password))) {
    const message = "Your password is not correct.";
    throw new AppError("validation_failed", message, { password: [message] });
  }
  await db.$transaction(async (tx) => {
    await tx.newsletterSubscriber.deleteMany({ where: { userId: actor.user.id } });
    await tx.contactMessage.deleteMany({ where: { userId: actor.user.id } });
    await tx.outboxEmail.deleteMany({ where: { userId: actor.user.id } });
    await tx.user.delete({ where: { id: actor.user.id } });
  });
}
