import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/server/core/errors/app-error";
import { CHALLENGE_SECONDS } from "./second-factor-rules";
import { authSecret } from "./session-token";

// The answer to a right password for an account that needs a second factor: not a session,
// a short-lived signed statement "this user passed the password step", which the second step
// (POST /api/login/second-factor) exchanges for a session together with a code. It is bound
// to the password hash, so a password change voids it. Stateless: replaying it gains nothing
// without a fresh code (each TOTP step is accepted once, each recovery code used once).

export const CHALLENGE_EXPIRED = "Your sign-in has expired. Please enter your email and password again.";

type Claims = { userId: string; expiresAt: number; password: string };

function sign(payload: string): string {
  return createHmac("sha256", authSecret()).update(`second-factor-challenge:${payload}`).digest("base64url");
}

function passwordBinding(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);
}

export function issueChallenge(user: { id: string; passwordHash: string }, now = Date.now()): string {
  const claims: Claims = { userId: user.id, expiresAt: now + CHALLENGE_SECONDS * 1000, password: passwordBinding(user.passwordHash) };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The user id a live challenge names; 401 for anything forged, expired or voided. */
export function readChallenge(challenge: string, now = Date.now()): { userId: string; isFor: (passwordHash: string) => boolean } {
  const [payload, signature, extra] = challenge.split(".");
  const expected = payload ? sign(payload) : "";
  if (!payload || !signature || extra !== undefined || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
    throw new AppError("unauthorized", CHALLENGE_EXPIRED);
  }
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims;
  if (typeof claims.userId !== "string" || typeof claims.expiresAt !== "number" || claims.expiresAt <= now) {
    throw new AppError("unauthorized", CHALLENGE_EXPIRED);
  }
  return { userId: claims.userId, isFor: (passwordHash) => claims.password === passwordBinding(passwordHash) };
}
