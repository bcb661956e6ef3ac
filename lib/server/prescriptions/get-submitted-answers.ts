import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { submittedAnswersSelect, toSubmittedAnswers } from "./get-prescription-case";
import type { SubmittedAnswersView } from "./types";
import { isUuid } from "@/lib/validation/uuid";

/** One of the actor's submitted questionnaires, read-only (Medical documents); null (404) for a draft, a missing one or anyone else's. */
export async function getSubmittedAnswers(actor: Actor | null, responseId: string): Promise<SubmittedAnswersView | null> {
  if (!isUuid(responseId)) return null;
  const row = actor
    ? await db.questionnaireResponse.findFirst({ where: { id: responseId, ...ownedBy(actor), submittedAt: { not: null } }, select: submittedAnswersSelect })
    : null;
  return row ? toSubmittedAnswers(row) : null;
}
