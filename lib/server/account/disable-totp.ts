import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { verifyPassword } from "@/lib/server/auth/password";
import { isStaffRole } from "@/lib/server/auth/second-factor-rules";
import { verifySecondFactor } from "@/lib/server/auth/second-factor/verify-second-factor";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import type { DisableTotpInput } from "@/lib/validation/second-factor";

export const STAFF_KEEP_SECOND_FACTOR = "Staff accounts always sign in with a second factor. An admin can reset it if your authenticator is lost.";

/**
 * Turns a patient's TOTP off: the password (throttled like every re-check) and a current
 * code or an unused recovery code. Staff cannot (403): their second factor is required.
 */
export async function disableTotp(actor: AccountActor, input: DisableTotpInput): Promise<void> {
  if (isStaffRole(actor.user.role)) throw new AppError("forbidden", STAFF_KEEP_SECOND_FACTOR);
  await consumeRateLimit(rateLimits.passwordRecheckPerAccount, actor.user.id);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.user.id }, select: { passwordHash: true, totpEnabledAt: true } });
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const message = "Your password is not correct.";
    throw new AppError("validation_failed", message, { password: [message] });
  }
  if (!user.totpEnabledAt) throw new AppError("conflict", "Two-step sign-in is already off.");
  await db.$transaction(async (tx) => {
    await verifySecondFactor(actor.user.id, input, tx);
    await tx.user.update({ where: { id: actor.user.id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: actor.user.id } });
  });
}
