import "server-only";
import { db } from "@/lib/server/core/db/client";
import { confirmTotpEnrolment } from "@/lib/server/auth/second-factor/enrol-totp";
import type { AccountActor } from "@/lib/server/core/actor/types";

/**
 * Turns TOTP on for the signed-in account with a code from the authenticator set up by
 * startTotpEnrolment. The current session counts as having passed it (the owner just proved
 * the authenticator); the recovery codes are returned once.
 */
export async function enableTotp(actor: AccountActor, code: string): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const codes = await confirmTotpEnrolment(actor.user.id, code, tx);
    await tx.authSession.updateMany({ where: { id: actor.sessionId, userId: actor.user.id }, data: { secondFactorAt: new Date() } });
    return codes;
  });
}
