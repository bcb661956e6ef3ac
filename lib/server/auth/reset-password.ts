import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { linkVerifiedEmail } from "@/lib/server/guest/link-verified-email";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { passwordChangedMail } from "@/lib/server/auth/account-mail";
import { resetRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import type { ResetPasswordInput } from "@/lib/validation/auth";
import { isCommonPassword } from "./common-passwords";
import { hashPassword } from "./password";
import { hashResetToken } from "./request-password-reset";
import { revokeAllSessions } from "./revoke-sessions";

const INVALID_LINK = "This reset link is invalid or has expired. Please ask for a new one.";

/**
 * Sets a new password from an emailed link. The link works once (it is claimed by an atomic
 * update, so two concurrent uses cannot both succeed) and for one hour; every session of
 * the account is signed out, and the account's failed sign-ins are forgotten, so the owner
 * can sign in with the new password at once even while a stranger keeps the lock full. Using
 * the link also proves the address (verified, and what we hold under it joins the account).
 */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  if (isCommonPassword(input.password)) {
    const message = "This password is too common. Please choose a less predictable one.";
    throw new AppError("validation_failed", message, { password: [message] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const [claimed] = await tx.$queryRaw<{ user_id: string }[]>`
      UPDATE password_reset_tokens SET used_at = (now() AT TIME ZONE 'UTC')
      WHERE token_hash = ${hashResetToken(input.token)} AND used_at IS NULL AND expires_at > (now() AT TIME ZONE 'UTC')
      RETURNING user_id::text`;
    if (!claimed) throw new AppError("validation_failed", INVALID_LINK, { token: [INVALID_LINK] });
    const user = await tx.user.update({ where: { id: claimed.user_id }, data: { passwordHash }, select: { email: true, emailVerifiedAt: true } });
    // The link reached the account's inbox: that proves the address, as a sign-up link does. An
    // owner whose address someone registered first takes the account back this way.
    if (!user.emailVerifiedAt) {
      await tx.user.update({ where: { id: claimed.user_id }, data: { emailVerifiedAt: new Date() } });
      await linkVerifiedEmail(tx, { userId: claimed.user_id, email: user.email }, "password_reset");
    }
    await revokeAllSessions(claimed.user_id, tx);
    // Known-device buckets need no clearing: the new password hash voids every device cookie.
    await resetRateLimit(rateLimits.loginPerAccount, user.email, tx);
    await sendMail(passwordChangedMail(user.email), tx);
  });
}
