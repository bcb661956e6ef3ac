import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { linkGuest } from "@/lib/server/guest/link-guest";
import { consumeRateLimit, refundRateLimit, resetRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import type { LogInInput } from "@/lib/validation/auth";
import { createSession } from "./create-session";
import { issueDeviceToken, knownDeviceId } from "./device-cookie";
import { emailSignInUnlock } from "./email-sign-in-unlock";
import { hashPassword, needsRehash, verifyPassword } from "./password";
import { issueChallenge } from "./second-factor-challenge";
import { needsSecondFactor } from "./second-factor-rules";
import type { PublicUser } from "@/lib/server/core/actor/types";

const INVALID_CREDENTIALS = "Invalid credentials";
export const SIGN_IN_LOCKED =
  "Too many attempts. Please wait a few minutes and try again. If an account exists for this email, we have sent its owner a link to unlock sign-in now.";

type LogInContext = { address: string; guestId: string | null; deviceCookie?: string | null };

/**
 * Signs a user in: the same "Invalid credentials" (and the same time) for an unknown email
 * and a wrong password, then a new session and token, the guest's cart moved to the
 * account, and a device token (`deviceToken`, for the known-device cookie).
 *
 * Throttling (ASVS 5.0 6.3.1): failures count per account and per client address; from a
 * browser that signed in to this account before, they count per device instead, so a
 * stranger's guesses at the email cannot lock the owner out. Unknown emails and browsers
 * without a valid device cookie take the same path as known emails, so nothing is revealed.
 * When the account's lock refuses, the owner is emailed an unlock link (emailSignInUnlock);
 * the answer is the same for unknown emails.
 *
 * An account that needs a second factor (staff always, patients who turned TOTP on) gets no
 * session here: a right password returns a signed challenge (`kind: "second-factor"`) that
 * completeSecondFactorLogIn exchanges, with a code, for the session.
 */
export async function logIn(input: LogInInput, context: LogInContext) {
  const found = await db.user.findUnique({
    where: { email: input.email },
    select: { id: true, name: true, email: true, passwordHash: true, role: true, totpEnabledAt: true },
  });
  const deviceId = found ? knownDeviceId(context.deviceCookie, found) : null;
  const deviceSubject = found && deviceId ? `${found.id}:${deviceId}` : null;
  if (deviceSubject) {
    await consumeRateLimit(rateLimits.loginPerDevice, deviceSubject);
  } else {
    await consumeRateLimit(rateLimits.loginPerAddress, context.address);
    await consumeRateLimit(rateLimits.loginPerAccount, input.email).catch(async (error: unknown) => {
      if (!(error instanceof AppError) || error.code !== "rate_limited") throw error;
      await emailSignInUnlock(input.email, found);
      throw new AppError("rate_limited", SIGN_IN_LOCKED, undefined, error.headers);
    });
  }
  if (!(await verifyPassword(found?.passwordHash ?? null, input.password)) || !found) {
    throw new AppError("unauthorized", INVALID_CREDENTIALS);
  }
  if (deviceSubject) {
    // The account's lock keeps counting others' failures: the owner passing it does not reset it.
    await resetRateLimit(rateLimits.loginPerDevice, deviceSubject);
  } else {
    await resetRateLimit(rateLimits.loginPerAccount, input.email);
    await refundRateLimit(rateLimits.loginPerAddress, context.address);
  }
  const upgradedHash = needsRehash(found.passwordHash) ? await hashPassword(input.password) : null;
  if (needsSecondFactor(found)) {
    if (upgradedHash) await db.user.update({ where: { id: found.id }, data: { passwordHash: upgradedHash } });
    const challenge = issueChallenge({ id: found.id, passwordHash: upgradedHash ?? found.passwordHash });
    return { kind: "second-factor" as const, challenge, enrolmentRequired: found.totpEnabledAt === null };
  }
  const session = await db.$transaction(async (tx) => {
    if (upgradedHash) await tx.user.update({ where: { id: found.id }, data: { passwordHash: upgradedHash } });
    if (context.guestId) await linkGuest(tx, found.id, context.guestId, { quiet: true });
    return createSession(found.id, tx);
  });
  const user: PublicUser = { id: found.id, name: found.name, email: found.email };
  const deviceToken = issueDeviceToken({ id: found.id, passwordHash: upgradedHash ?? found.passwordHash }, deviceId);
  return { kind: "session" as const, ...session, user, deviceToken };
}
