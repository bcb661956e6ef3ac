import "server-only";
import { db } from "@/lib/server/core/db/client";
import { isStaffRole } from "@/lib/server/auth/second-factor-rules";
import type { AccountActor } from "@/lib/server/core/actor/types";

export type SecondFactorStatus = { enabled: boolean; required: boolean; recoveryCodesLeft: number };

/** For Account Settings: is TOTP on, must it stay on (staff), and how many recovery codes are unused. */
export async function getSecondFactorStatus(actor: AccountActor): Promise<SecondFactorStatus> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: actor.user.id },
    select: { totpEnabledAt: true, _count: { select: { recoveryCodes: { where: { usedAt: null } } } } },
  });
  return { enabled: user.totpEnabledAt !== null, required: isStaffRole(actor.user.role), recoveryCodesLeft: user._count.recoveryCodes };
}
