import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/server/core/db/client";
import { logger } from "@/lib/server/core/log/logger";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { signInUnlockMail } from "@/lib/server/auth/account-mail";
import { withinRateLimit } from "@/lib/server/services/rate-limit/within-rate-limit";
import { emailRateLimits } from "./email-rate-limits";

const UNLOCK_LINK_MINUTES = 60;

export function hashUnlockToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * After the account lock refuses a sign-in: emails the account's owner a single-use link
 * that clears the lock (unlock-sign-in.ts), at most once per lock window per login email.
 * Unknown emails count against the same window, so both take the same path up to the send.
 * A new link voids older unused ones. Never throws: a failure must not change the answer.
 */
export async function emailSignInUnlock(email: string, user: { id: string; email: string } | null): Promise<void> {
  try {
    if (!(await withinRateLimit(emailRateLimits.signInUnlockMailPerEmail, email)) || !user) return;
    const token = randomBytes(32).toString("base64url");
    await db.$transaction(async (tx) => {
      await tx.signInUnlockToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } });
      await tx.signInUnlockToken.create({
        data: { userId: user.id, tokenHash: hashUnlockToken(token), expiresAt: new Date(Date.now() + UNLOCK_LINK_MINUTES * 60_000) },
      });
      await sendMail(signInUnlockMail(user.email, token, UNLOCK_LINK_MINUTES), tx);
    });
  } catch (error) {
    // Not the error's message: a mail server's refusal quotes the address.
    logger.error({ error: error instanceof Error ? error.name : typeof error }, "Sign-in unlock email could not be sent");
  }
}
