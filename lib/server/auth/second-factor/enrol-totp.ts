import "server-only";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { hashRecoveryCode, newRecoveryCodes } from "@/lib/security/second-factor-secrets.mjs";
import { newTotpSecret, sealTotpSecret, totpEnrolment, type TotpEnrolment } from "./totp";
import { verifySecondFactor } from "./verify-second-factor";

const ALREADY_ENROLLED = "Two-step sign-in is already on for this account.";

/**
 * Starts (or restarts) setting up an authenticator: a new secret, stored encrypted as pending
 * (it signs nobody in until a code from it is confirmed). 409 once TOTP is on.
 */
export async function startTotpEnrolment(user: { id: string; email: string }): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const { count } = await db.user.updateMany({
    where: { id: user.id, totpEnabledAt: null },
    data: { totpSecret: sealTotpSecret(secret), totpLastStep: null },
  });
  if (count !== 1) throw new AppError("conflict", ALREADY_ENROLLED);
  return totpEnrolment(secret, user.email);
}

/**
 * Confirms the pending authenticator with a code from it, turns TOTP on and returns ten new
 * recovery codes (shown once; only their hashes are kept). Run it in the transaction that
 * also starts the session, so a failure leaves the enrolment pending.
 */
export async function confirmTotpEnrolment(userId: string, code: string, tx: Tx): Promise<string[]> {
  await verifySecondFactor(userId, { code }, tx, { pending: true });
  await tx.user.update({ where: { id: userId }, data: { totpEnabledAt: new Date() } });
  return replaceRecoveryCodes(userId, tx);
}

/** Ten fresh recovery codes; every older one stops working. */
async function replaceRecoveryCodes(userId: string, tx: Tx): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })) });
  return codes;
}
