import "server-only";
import { londonToday } from "@/lib/format/dates";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { validateSubmission } from "@/lib/questionnaire/walk-path";
import type { Actor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { getOwnedResponse, lockOwnedResponse, readAnswers } from "./response-records";
import type { QuestionnaireResponseView } from "./types";
import { millisecondsInDay } from "date-fns/constants";

/**
 * Submits the actor's response: the whole path through the branching is checked (every
 * step on it answered and valid, none ending, every skipped step empty), then the answers
 * are locked. Submitting again changes nothing and returns the same response.
 */
export async function submitQuestionnaire(actor: Actor, id: string): Promise<QuestionnaireResponseView> {
  return db.$transaction(async (tx) => {
    await submitLocked(tx, actor, id);
    return getOwnedResponse(actor, id, tx);
  });
}

/** The same, inside the caller's transaction (the prescription checkout submits as it pays). */
export async function submitLocked(tx: Tx, actor: Actor, id: string): Promise<void> {
  const row = await lockOwnedResponse(tx, actor, id);
  if (row.submitted) return;
  const definition = getQuestionnaireDefinition(row.definition);
  if (!definition) throw new AppError("validation_failed", "This questionnaire is no longer offered. Please start again.");
  const stored = await tx.questionnaireResponse.findUniqueOrThrow({ where: { id }, select: { answers: true } });
  const ctx = { today: londonToday(), photoCount: await tx.questionnairePhoto.count({ where: { responseId: id } }) };
  const result = validateSubmission(definition, readAnswers(stored.answers), ctx);
  if (!result.ok) {
    const message = `Please check question ${result.step}: ${result.message}`;
    throw new AppError("validation_failed", message, { step: [String(result.step)], answer: [result.message] });
  }
  const submittedAt = new Date();
  // A treatment assessment that reaches "submit" is passed; the pass allows a purchase until validUntil.
  const verdict = definition.assessment
    ? { outcome: "ELIGIBLE" as const, outcomeReason: null, validUntil: new Date(submittedAt.getTime() + definition.assessment.validityDays * millisecondsInDay) }
    : {};
  await tx.questionnaireResponse.update({ where: { id }, data: { submittedAt, definitionVersion: definition.version, ...verdict } });
}
