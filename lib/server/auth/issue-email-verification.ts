import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Tx } from "@/lib/server/core/db/client";

export const EMAIL_LINK_HOURS = 24;

export type EmailVerificationPurpose = "SIGN_UP" | "CHANGE";

export function hashEmailToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Records a single-use link proving control of `email` for the user and returns the token
 * to email (only its SHA-256 is stored). Earlier unused links of the same purpose stop
 * working: only the newest one counts. Call inside the transaction that sends the email.
 */
export async function issueEmailVerification(
  tx: Tx,
  input: { userId: string; purpose: EmailVerificationPurpose; email: string },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await tx.emailVerification.updateMany({
    where: { userId: input.userId, purpose: input.purpose, usedAt: null },
    data: { usedAt: now },
  });
  await tx.emailVerification.create({
    data: {
      userId: input.userId,
      purpose: input.purpose,
      email: input.email,
      tokenHash: hashEmailToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_LINK_HOURS * 60 * 60_000),
    },
  });
  return token;
}
