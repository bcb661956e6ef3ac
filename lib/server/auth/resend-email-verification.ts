import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { emailVerificationMail } from "@/lib/server/auth/account-mail";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { emailRateLimits } from "./email-rate-limits";
import { EMAIL_LINK_HOURS, issueEmailVerification } from "./issue-email-verification";
import type { AccountActor } from "@/lib/server/core/actor/types";

const ALREADY_VERIFIED = "Your email address is already verified.";

/**
 * Emails the actor a new link to verify their address (3 an hour per account); the
 * earlier links stop working. 409 when the address is verified already.
 */
export async function resendEmailVerification(actor: AccountActor): Promise<{ email: string }> {
  await consumeRateLimit(emailRateLimits.verificationResendPerAccount, actor.user.id);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.user.id }, select: { email: true, emailVerifiedAt: true } });
  if (user.emailVerifiedAt) throw new AppError("conflict", ALREADY_VERIFIED);
  await db.$transaction(async (tx) => {
    const token = await issueEmailVerification(tx, { userId: actor.user.id, purpose: "SIGN_UP", email: user.email });
    await sendMail(emailVerificationMail(user.email, token, EMAIL_LINK_HOURS), tx);
  });
  return { email: user.email };
}
