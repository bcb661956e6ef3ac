import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/server/core/db/client";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { passwordResetMail } from "@/lib/server/auth/account-mail";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { logger } from "@/lib/server/core/log/logger";

const RESET_LINK_MINUTES = 60;
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for this email, we have sent a link to reset the password. It expires in one hour.";

export function hashResetToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Emails a single-use reset link when the email has an account; answers the same either
 * way (the extra work for a real account is a few small writes; the rate limits keep timing
 * probes impractical). Mail failures are logged, never shown: they would reveal the account.
 */
export async function requestPasswordReset(email: string, address: string): Promise<void> {
  await consumeRateLimit(rateLimits.passwordResetPerAddress, address);
  await consumeRateLimit(rateLimits.passwordResetPerAccount, email);
  const token = randomBytes(32).toString("base64url");
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  try {
    await db.$transaction(async (tx) => {
      // A new link replaces any earlier one that is still unused.
      await tx.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } });
      await tx.passwordResetToken.create({
        data: { userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) },
      });
      await sendMail(passwordResetMail(email, token, RESET_LINK_MINUTES), tx);
    });
  } catch (error) {
    // Not the error's message: a mail server's refusal quotes the address.
    logger.error({ error: error instanceof Error ? error.name : typeof error }, "Password reset email could not be sent");
  }
}
