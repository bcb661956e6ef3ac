import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { linkGuest } from "@/lib/server/guest/link-guest";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { consumeRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { accountExistsMail, welcomeMail } from "@/lib/server/auth/account-mail";
import type { RegisterUserInput } from "@/lib/validation/auth";
import { isCommonPassword } from "./common-passwords";
import { EMAIL_LINK_HOURS, issueEmailVerification } from "./issue-email-verification";
import { hashPassword } from "./password";

// The same answer whether or not the email already has an account, so registering cannot
// be used to find out who is a patient here. The owner of an existing account is emailed.
export const REGISTERED_MESSAGE =
  "Thank you for registering. Please log in to continue. If you already had an account with this email, we have emailed you about it.";

/**
 * Creates a customer account, moves the guest's belongings (cart, …) to it and sends a
 * welcome email with a single-use link that verifies the address, in one transaction.
 * Registering an email that exists changes nothing and sends its owner a notice instead;
 * both paths hash a password so they take as long, and are throttled alike: per client
 * address (generously: many people share one) and per email (each attempt mails it).
 */
export async function registerUser(input: RegisterUserInput, context: { address: string; guestId: string | null }): Promise<void> {
  if (isCommonPassword(input.password)) {
    const message = "This password is too common. Please choose a less predictable one.";
    throw new AppError("validation_failed", message, { password: [message] });
  }
  await consumeRateLimit(rateLimits.registerPerAddress, context.address);
  await consumeRateLimit(rateLimits.registerPerEmail, input.email);
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const inserted = await tx.user.createManyAndReturn({
      data: [{ name: input.name, email: input.email, passwordHash }],
      skipDuplicates: true,
      select: { id: true },
    });
    const user = inserted[0];
    if (!user) {
      await sendMail(accountExistsMail(input.email), tx);
      return;
    }
    const guestId = input.guest_id ?? context.guestId;
    if (guestId) await linkGuest(tx, user.id, guestId, { quiet: true });
    const token = await issueEmailVerification(tx, { userId: user.id, purpose: "SIGN_UP", email: input.email });
    await sendMail(welcomeMail(input.email, input.name, token, EMAIL_LINK_HOURS), tx);
  });
}
