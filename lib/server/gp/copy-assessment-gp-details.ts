import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { Tx } from "@/lib/server/core/db/client";

/**
 * When a guest's records join an account (linkGuest, in its transaction, before the
 * questionnaires move): the GP details the guest gave beside an assessment, the latest,
 * become the account's GP row, so later supplies, the dashboard and /dashboard/gp read them.
 * An account that already has its own GP row keeps it (the patient gave it signed in, and
 * can change it at /dashboard/gp). Audited (the consent only). Returns 1 when copied.
 */
export async function copyAssessmentGpDetails(tx: Tx, userId: string, guestKeyHash: string): Promise<number> {
  const given = await tx.questionnaireGpDetails.findFirst({
    where: { response: { guestKeyHash } },
    select: { responseId: true, practiceName: true, addressLine1: true, addressLine2: true, town: true, postcode: true, email: true, consentToShare: true },
    orderBy: { updatedAt: "desc" },
  });
  if (!given) return 0;
  if (await tx.gpDetails.findUnique({ where: { userId }, select: { id: true } })) return 0;
  const { responseId, ...data } = given;
  await tx.gpDetails.create({ data: { userId, ...data } });
  await recordAuditEvent(
    { actor: null, action: "gp_details.copied_from_assessment", subjectType: "user", subjectId: userId, detail: { consent: data.consentToShare, has_email: data.email !== null, response_id: responseId } },
    tx,
  );
  return 1;
}
