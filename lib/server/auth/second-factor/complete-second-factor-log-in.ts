import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { linkGuest } from "@/lib/server/guest/link-guest";
import type { PublicUser } from "@/lib/server/core/actor/types";
import type { SecondFactorLogInInput } from "@/lib/validation/second-factor";
import { createSession } from "../create-session";
import { issueDeviceToken, knownDeviceId } from "../device-cookie";
import { confirmTotpEnrolment } from "./enrol-totp";
import { CHALLENGE_EXPIRED, readChallenge } from "../second-factor-challenge";
import { needsSecondFactor } from "../second-factor-rules";
import { verifySecondFactor } from "./verify-second-factor";

type Context = { guestId: string | null; deviceCookie?: string | null };

/**
 * The sign-in's second step: a live challenge from the password step plus a code. For an
 * account with TOTP on, a current code or an unused recovery code; for staff not yet
 * enrolled, a code from the authenticator they have just set up (startTotpEnrolment), which
 * turns TOTP on and returns their recovery codes (`recoveryCodes`, shown once). Only then a
 * session, marked as having passed a second factor.
 */
export async function completeSecondFactorLogIn(input: SecondFactorLogInInput, context: Context) {
  const { userId, isFor } = readChallenge(input.challenge);
  const found = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, passwordHash: true, role: true, totpEnabledAt: true },
  });
  if (!found || !isFor(found.passwordHash) || !needsSecondFactor(found)) throw new AppError("unauthorized", CHALLENGE_EXPIRED);
  const enrolling = found.totpEnabledAt === null;
  if (enrolling && !input.code) throw new AppError("validation_failed", "Enter the 6-digit code your authenticator app shows for this account.", { code: ["Enter the 6-digit code from your authenticator app."] });

  const result = await db.$transaction(async (tx) => {
    const recoveryCodes = enrolling ? await confirmTotpEnrolment(found.id, input.code!, tx) : null;
    if (!enrolling) await verifySecondFactor(found.id, input, tx);
    if (context.guestId) await linkGuest(tx, found.id, context.guestId, { quiet: true });
    const session = await createSession(found.id, tx, { secondFactor: true });
    return { ...session, recoveryCodes };
  });
  const user: PublicUser = { id: found.id, name: found.name, email: found.email };
  const deviceToken = issueDeviceToken(found, knownDeviceId(context.deviceCookie, found));
  return { ...result, user, deviceToken };
}
