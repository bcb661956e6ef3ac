import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { SaveGpDetailsInput } from "@/lib/validation/gp";
import { getGpDetails, GP_DETAILS_SELECT, toGpDetailsView } from "./get-gp-details";
import { gpDetailsData, saveGpDetails } from "./save-gp-details";
import type { GpDetailsView } from "./types";

const NOT_FOUND = "We could not find that questionnaire.";

async function assertOwnsResponse(actor: Actor, responseId: string): Promise<void> {
  const response = await db.questionnaireResponse.findFirst({ where: { id: responseId, ...ownedBy(actor) }, select: { id: true } });
  if (!response) throw new AppError("not_found", NOT_FOUND);
}

/**
 * The GP practice and consent shown beside a questionnaire (an assessment's results page,
 * the prescription checkout): an account's
 * own row (/dashboard/gp), or for a guest the answers kept with their questionnaire.
 * Caller's response only (another's answers not_found).
 */
export async function getQuestionnaireGpDetails(actor: Actor, responseId: string): Promise<GpDetailsView | null> {
  await assertOwnsResponse(actor, responseId);
  if (actor.kind !== "guest") return getGpDetails(actor);
  const row = await db.questionnaireGpDetails.findUnique({ where: { responseId }, select: GP_DETAILS_SELECT });
  return row ? toGpDetailsView(row) : null;
}

/**
 * Saves the GP step answered beside a questionnaire (GPhC guidance for registered pharmacies
 * providing pharmacy services at a distance, February 2025: with the patient's consent,
 * share information about the supply with their GP). A signed-in patient's answers go to
 * their account's one GP row through saveGpDetails (same record, same audit as
 * /dashboard/gp). A guest has no account yet: the answers stay with their questionnaire
 * (one row per response) until linkGuest copies them onto the account. Audited either way:
 * the consent given, never the practice's details.
 */
export async function saveQuestionnaireGpDetails(actor: Actor, responseId: string, input: SaveGpDetailsInput): Promise<GpDetailsView> {
  await assertOwnsResponse(actor, responseId);
  if (actor.kind !== "guest") return saveGpDetails(actor, input);
  const data = gpDetailsData(input);
  const row = await db.$transaction(async (tx) => {
    const saved = await tx.questionnaireGpDetails.upsert({ where: { responseId }, create: { responseId, ...data }, update: data, select: GP_DETAILS_SELECT });
    await recordAuditEvent(
      { actor: null, action: "gp_details.updated", subjectType: "questionnaire_response", subjectId: responseId, detail: { consent: data.consentToShare, has_email: data.email !== null, by: "guest" } },
      tx,
    );
    return saved;
  });
  return toGpDetailsView(row);
}
