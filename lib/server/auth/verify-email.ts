import "server-only";
import { applyEmailChange } from "@/lib/server/auth/apply-email-change";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { linkVerifiedEmail } from "@/lib/server/guest/link-verified-email";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { EMAIL_LINK_INVALID } from "@/lib/validation/auth";
import { emailRateLimits } from "./email-rate-limits";
import { hashEmailToken, type EmailVerificationPurpose } from "./issue-email-verification";
import type { AccountActor } from "@/lib/server/core/actor/types";

export const EMAIL_VERIFIED = "Thank you. Your email address is verified.";

export type VerifyEmailResult = { purpose: EmailVerificationPurpose; message: string };

type Claimed = { user_id: string; purpose: EmailVerificationPurpose; email: string };

/**
 * Uses an emailed link. The token alone proves control of the address; it works once
 * (claimed by one atomic update, so two concurrent uses cannot both succeed), within its
 * 24 hours, and only while it is the newest link of its kind. A sign-up link verifies the
 * account's address; a change link moves the account to the new one (applyEmailChange).
 * Either way, records held under the address join the account in the same transaction.
 * Every failure is the same 422, and rolls the claim back with the rest.
 */
export async function verifyEmail(token: string, context: { actor: AccountActor | null; address: string }): Promise<VerifyEmailResult> {
  await consumeRateLimit(emailRateLimits.emailLinkPerAddress, context.address);
  return db.$transaction(async (tx) => {
    const [claimed] = await tx.$queryRaw<Claimed[]>`
      UPDATE email_verifications SET used_at = (now() AT TIME ZONE 'UTC')
      WHERE token_hash = ${hashEmailToken(token)} AND used_at IS NULL AND expires_at > (now() AT TIME ZONE 'UTC')
      RETURNING user_id::text, purpose::text AS purpose, email`;
    if (!claimed) throw invalidLink();
    if (claimed.purpose === "CHANGE") {
      return { purpose: "CHANGE", message: await applyEmailChange(tx, { userId: claimed.user_id, email: claimed.email }, context.actor) };
    }
    // Only while the link's address is still the account's (a change since voids it anyway).
    const verified = await tx.user.updateMany({
      where: { id: claimed.user_id, email: claimed.email, emailVerifiedAt: null },
      data: { emailVerifiedAt: new Date() },
    });
    if (verified.count === 0 && (await tx.user.count({ where: { id: claimed.user_id, email: claimed.email } })) === 0) {
      throw invalidLink();
    }
    // Proven now: what we hold under the address joins the account (not before: finding 1).
    await linkVerifiedEmail(tx, { userId: claimed.user_id, email: claimed.email }, "sign_up_link", context.actor);
    return { purpose: "SIGN_UP", message: EMAIL_VERIFIED };
  });
}

function invalidLink() {
  return new AppError("validation_failed", EMAIL_LINK_INVALID, { token: [EMAIL_LINK_INVALID] });
}
