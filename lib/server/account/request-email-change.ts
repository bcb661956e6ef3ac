import "server-only";
import { emailRateLimits } from "@/lib/server/auth/email-rate-limits";
import { EMAIL_LINK_HOURS, issueEmailVerification } from "@/lib/server/auth/issue-email-verification";
import { verifyPassword } from "@/lib/server/auth/password";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { emailChangeLinkMail, emailChangeRequestedMail, emailChangeTakenMail } from "@/lib/server/auth/account-mail";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import type { RequestEmailChangeInput } from "@/lib/validation/account";

/**
 * Starts moving the actor's account to a new address, after checking their password
 * (throttled like a login; then 3 requests an hour). Nothing changes until the link sent to
 * the new address is used (verifyEmail). The old address is told at once.
 *
 * The answer, the stored request and the emails the actor can see are the same whether or
 * not the new address already has an account, so this cannot find out who is a patient
 * here: a taken address gets an "account exists" note instead of a usable link.
 */
export async function requestEmailChange(actor: AccountActor, input: RequestEmailChangeInput): Promise<{ message: string }> {
  await consumeRateLimit(rateLimits.passwordRecheckPerAccount, actor.user.id);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.user.id }, select: { email: true, passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    const message = "Your current password is not correct.";
    throw new AppError("validation_failed", message, { current_password: [message] });
  }
  if (input.email === user.email) {
    const message = "This is already your email address.";
    throw new AppError("validation_failed", message, { email: [message] });
  }
  await consumeRateLimit(emailRateLimits.emailChangePerAccount, actor.user.id);
  const isTaken = (await db.user.count({ where: { email: input.email } })) > 0;
  await db.$transaction(async (tx) => {
    const token = await issueEmailVerification(tx, { userId: actor.user.id, purpose: "CHANGE", email: input.email });
    await sendMail(isTaken ? emailChangeTakenMail(input.email) : emailChangeLinkMail(input.email, token, EMAIL_LINK_HOURS), tx);
    await sendMail(emailChangeRequestedMail(user.email, input.email, EMAIL_LINK_HOURS), tx);
  });
  return {
    message: `We have sent a link to ${input.email}. Your email address changes when you open it; it expires in ${EMAIL_LINK_HOURS} hours.`,
  };
}
