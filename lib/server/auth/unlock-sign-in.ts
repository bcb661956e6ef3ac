import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { consumeRateLimit, resetRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { UNLOCK_LINK_INVALID } from "@/lib/validation/auth";
import { emailRateLimits } from "./email-rate-limits";
import { hashUnlockToken } from "./email-sign-in-unlock";

export const SIGN_IN_UNLOCKED = "Sign-in is unlocked. You can log in now.";

/**
 * Uses an emailed unlock link: clears the account's failed sign-ins (and the once-per-window
 * mail limit, so a later lock can email again). The link works once (claimed by one atomic
 * update) and within its hour; the token alone proves control of the address.
 */
export async function unlockSignIn(token: string, address: string): Promise<{ message: string }> {
  await consumeRateLimit(emailRateLimits.emailLinkPerAddress, address);
  await db.$transaction(async (tx) => {
    const [claimed] = await tx.$queryRaw<{ email: string }[]>`
      UPDATE sign_in_unlock_tokens t SET used_at = (now() AT TIME ZONE 'UTC') FROM users u
      WHERE t.token_hash = ${hashUnlockToken(token)} AND t.used_at IS NULL AND t.expires_at > (now() AT TIME ZONE 'UTC') AND u.id = t.user_id
      RETURNING u.email`;
    if (!claimed) throw new AppError("validation_failed", UNLOCK_LINK_INVALID, { token: [UNLOCK_LINK_INVALID] });
    await resetRateLimit(rateLimits.loginPerAccount, claimed.email, tx);
    await resetRateLimit(emailRateLimits.signInUnlockMailPerEmail, claimed.email, tx);
  });
  return { message: SIGN_IN_UNLOCKED };
}
