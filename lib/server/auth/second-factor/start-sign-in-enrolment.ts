import "server-only";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { startTotpEnrolment } from "./enrol-totp";
import { CHALLENGE_EXPIRED, readChallenge } from "../second-factor-challenge";

/**
 * Setting up the authenticator during sign-in, for an account that must have one and has
 * none yet (staff on their first sign-in, or after an admin reset): only with a live
 * challenge, i.e. after the right password. 409 when TOTP is already on.
 */
export async function startSignInEnrolment(challenge: string) {
  const { userId, isFor } = readChallenge(challenge);
  const found = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, passwordHash: true } });
  if (!found || !isFor(found.passwordHash)) throw new AppError("unauthorized", CHALLENGE_EXPIRED);
  return startTotpEnrolment(found);
}
