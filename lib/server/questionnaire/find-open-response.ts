import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { responseSelect, toResponseView } from "./response-records";
import type { QuestionnaireResponseView } from "./types";

/**
 * The actor's most recent unsubmitted response to a questionnaire, so a reload or another
 * device resumes where the patient was; null when there is none.
 */
export async function findOpenResponse(actor: Actor, definition: string): Promise<QuestionnaireResponseView | null> {
  const row = await db.questionnaireResponse.findFirst({
    where: { ...ownedBy(actor), definition, submittedAt: null },
    orderBy: { updatedAt: "desc" },
    select: responseSelect,
  });
  return row ? toResponseView(row) : null;
}
