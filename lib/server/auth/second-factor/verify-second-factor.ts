import "server-only";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { consumeRateLimit, refundRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { hashRecoveryCode } from "@/lib/security/second-factor-secrets.mjs";
import { matchTotpStep, openTotpSecret } from "./totp";

export const WRONG_SECOND_FACTOR = "That code is not right, or it has been used already. Enter the current code from your authenticator app, or an unused recovery code.";

export type SecondFactorProof = { code?: string; recovery_code?: string };

/**
 * Checks a code for an account with TOTP turned on (or a pending enrolment, `pending: true`):
 * a TOTP code whose time step is after the last accepted one (the step is stored, so the same
 * code is refused a second time), or an unused recovery code (marked used). Wrong answers
 * count against secondFactorPerAccount; a right one is refunded. 422 when wrong.
 */
export async function verifySecondFactor(userId: string, proof: SecondFactorProof, client: Tx | typeof db = db, { pending = false } = {}): Promise<"totp" | "recovery-code"> {
  await consumeRateLimit(rateLimits.secondFactorPerAccount, userId);
  const accepted = await acceptProof(userId, proof, client, pending);
  if (!accepted) throw new AppError("validation_failed", WRONG_SECOND_FACTOR, { [proof.recovery_code ? "recovery_code" : "code"]: [WRONG_SECOND_FACTOR] });
  await refundRateLimit(rateLimits.secondFactorPerAccount, userId);
  return accepted;
}

async function acceptProof(userId: string, proof: SecondFactorProof, client: Tx | typeof db, pending: boolean) {
  const user = await client.user.findUnique({ where: { id: userId }, select: { totpSecret: true, totpEnabledAt: true, totpLastStep: true } });
  if (!user?.totpSecret || (user.totpEnabledAt === null) !== pending) return null;
  if (proof.code) {
    const step = await matchTotpStep(openTotpSecret(user.totpSecret), proof.code, user.totpLastStep);
    if (step === null) return null;
    // Compare-and-set: of two requests with the same code, one wins.
    const { count } = await client.user.updateMany({
      where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return count === 1 ? "totp" : null;
  }
  if (proof.recovery_code && !pending) {
    const { count } = await client.recoveryCode.updateMany({
      where: { userId, codeHash: hashRecoveryCode(proof.recovery_code), usedAt: null },
      data: { usedAt: new Date() },
    });
    return count === 1 ? "recovery-code" : null;
  }
  return null;
}
