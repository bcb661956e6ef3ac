import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { STAFF_MEMBER_NOT_FOUND } from "@/lib/validation/staff-members";
import { revokeAllSessions } from "../revoke-sessions";

/**
 * An admin clears a staff member's second factor (a lost phone): the authenticator secret
 * and recovery codes are deleted, every session of theirs is revoked, and the reset is
 * audited in the same transaction. At their next sign-in they set an authenticator up again.
 * The caller must be an ADMIN (checked by the route); a patient's id is a 404.
 */
export async function resetSecondFactor(actor: StaffActor, staffUserId: string) {
  return db.$transaction(async (tx) => {
    const target = await tx.user.findFirst({ where: { id: staffUserId, role: { not: "CUSTOMER" } }, select: { id: true, name: true, role: true } });
    if (!target) throw new AppError("not_found", STAFF_MEMBER_NOT_FOUND);
    await tx.user.update({ where: { id: target.id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: target.id } });
    await revokeAllSessions(target.id, tx);
    await recordAuditEvent({ actor, action: "staff.second_factor_reset", subjectType: "user", subjectId: target.id, detail: { role: target.role } }, tx);
    return { message: `${target.name}'s second factor has been reset. They set up an authenticator again at their next sign-in.` };
  });
}
