import "server-only";
import { londonToday } from "@/lib/format/dates";
import { normalizeAnswer } from "@/lib/questionnaire/answers";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { evaluateStep, getQuestion } from "@/lib/questionnaire/evaluate-step";
import { ownerColumns } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { SaveQuestionnaireStepInput } from "@/lib/validation/questionnaire";
import { pruneSkippedSteps } from "./prune-skipped-steps";
import { assertNotSubmitted, lockOwnedResponse, readAnswers } from "./response-records";
import type { SaveStepResult } from "./types";

/**
 * Saves one step's answer to the actor's questionnaire response, creating the response on its
 * first answer (the id is the uuid the browser keeps). The server decides, with the same
 * engine the browser runs: a validation message (422), or where the answer leads — the next
 * step, the end of the questionnaire, or submission. Submitted answers are locked (409); so
 * is a treatment assessment that reached an end (NOT_ELIGIBLE).
 */
export async function saveQuestionnaireStep(actor: Actor, id: string, step: number, input: SaveQuestionnaireStepInput): Promise<SaveStepResult> {
  const definition = getQuestionnaireDefinition(input.definition);
  if (!definition) throw new AppError("validation_failed", "This questionnaire does not exist.", { definition: ["This questionnaire does not exist."] });
  const question = getQuestion(definition, step);
  if (!question) throw new AppError("not_found", "This question does not exist.");
  const owner = ownerColumns(actor);

  return db.$transaction(async (tx) => {
    // Concurrent first answers for one id meet in the database, not in a check-then-insert.
    await tx.$executeRaw`
      INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, guest_key_hash, answers, updated_at)
      VALUES (${id}::uuid, ${definition.slug}, ${definition.version}, ${owner.userId}::uuid, ${owner.guestKeyHash}, '{}'::jsonb, now())
      ON CONFLICT (id) DO NOTHING`;
    const row = await lockOwnedResponse(tx, actor, id);
    if (row.definition !== definition.slug) {
      throw new AppError("validation_failed", "This answer belongs to a different questionnaire.", { definition: ["This answer belongs to a different questionnaire."] });
    }
    assertNotSubmitted(row);
    const ctx = { today: londonToday(), photoCount: await tx.questionnairePhoto.count({ where: { responseId: id } }) };
    const answer = normalizeAnswer(question, { choice: input.choice, text: input.text });
    const result = evaluateStep(definition, step, answer, ctx);
    if (!result.ok) throw new AppError("validation_failed", result.message, { answer: [result.message] });
    const stored = await tx.questionnaireResponse.findUniqueOrThrow({ where: { id }, select: { answers: true } });
    const answers = pruneSkippedSteps(definition, { ...readAnswers(stored.answers), [step]: answer }, ctx);
    // A treatment assessment that ends here is complete: locked as not eligible, with the
    // reason the results page shows (a new attempt starts afresh; this one stays on record).
    const ended = definition.assessment && result.outcome.kind === "end";
    await tx.questionnaireResponse.update({
      where: { id },
      data: {
        answers,
        definitionVersion: definition.version,
        ...(ended && result.outcome.kind === "end" ? { submittedAt: new Date(), outcome: "NOT_ELIGIBLE", outcomeReason: result.outcome.message } : {}),
      },
    });
    return { outcome: result.outcome };
  });
}
