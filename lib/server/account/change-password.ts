import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { isCommonPassword } from "@/lib/server/auth/common-passwords";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { revokeAllSessions } from "@/lib/server/auth/revoke-sessions";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { passwordChangedMail } from "@/lib/server/auth/account-mail";
import type { ChangePasswordInput } from "@/lib/validation/account";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";

/**
 * Changes the actor's password after checking the current one (throttled like a login),
 * signs every other session out and tells the account's email address.
 */
export async function changePassword(actor: AccountActor, input: ChangePasswordInput): Promise<void> {
  await consumeRateLimit(rateLimits.passwordRecheckPerAccount, actor.user.id);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.user.id }, select: { passwordHash: true, email: true } });
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    const message = "Your current password is not correct.";
    throw new AppError("validation_failed", message, { current_password: [message] });
  }
  if (isCommonPassword(input.password)) {
    const message = "This password is too common. Please choose a less predictable one.";
    throw new AppError("validation_failed", message, { password: [message] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.user.id }, data: { passwordHash } });
    await revokeAllSessions(actor.user.id, tx, actor.sessionId);
    await sendMail(passwordChangedMail(user.email), tx);
  });
}
