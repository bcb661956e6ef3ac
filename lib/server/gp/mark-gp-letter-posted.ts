import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";

/** Staff posted a letter to a practice without email: TO_POST → POSTED, audited. A repeat is a 409. */
export async function markGpLetterPosted(actor: StaffActor, id: string): Promise<{ id: string; status: "POSTED"; message: string }> {
  return db.$transaction(async (tx) => {
    const letter = await tx.gpLetter.findUnique({ where: { id }, select: { status: true, subjectReference: true } });
    if (!letter) throw new AppError("not_found", "We could not find that letter.");
    const moved = await tx.gpLetter.updateMany({ where: { id, status: "TO_POST" }, data: { status: "POSTED", postedAt: new Date(), postedById: actor.user.id } });
    if (moved.count !== 1) throw new AppError("conflict", letter.status === "POSTED" ? "This letter is already marked posted." : "This letter is emailed to the practice, not posted.");
    await recordAuditEvent({ actor, action: "gp_letter.posted", subjectType: "gp_letter", subjectId: id, detail: { reference: letter.subjectReference } }, tx);
    return { id, status: "POSTED" as const, message: `The letter for ${letter.subjectReference} is marked posted.` };
  });
}
