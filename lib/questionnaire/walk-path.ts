import { emptyAnswer, isEmptyAnswer } from "./answers";
import { evaluateStep } from "./evaluate-step";
import { NO_SUCH_STEP, notOnPath } from "./messages";
import type { Answers, EngineContext, PathResult, QuestionnaireDefinition } from "./types";

/**
 * Follows the branching from step 1 with these answers. Every step on the way must pass
 * evaluateStep, none may end the questionnaire, and the way must reach "submit".
 * Returns the steps visited in order, or the first step that stops it.
 */
export function walkPath(definition: QuestionnaireDefinition, answers: Answers, ctx: EngineContext): PathResult {
  const steps: number[] = [];
  let step = 1;
  // Targets only go forward (the schema checks it); the bound guards an unchecked definition.
  while (steps.length <= definition.steps.length) {
    steps.push(step);
    const result = evaluateStep(definition, step, answers[step] ?? emptyAnswer(), ctx);
    if (!result.ok) return { ok: false, step, message: result.message };
    const { outcome } = result;
    if (outcome.kind === "end") return { ok: false, step, message: outcome.message };
    if (outcome.kind === "submit") return { ok: true, steps };
    if (outcome.step <= step) break;
    step = outcome.step;
  }
  return { ok: false, step, message: NO_SUCH_STEP };
}

/**
 * Whether a whole questionnaire may be submitted: walkPath succeeds, every step the
 * branching skips is empty (no choice, no text, no photos on a skipped upload step), and
 * there are no answers to steps the definition lacks.
 */
export function validateSubmission(definition: QuestionnaireDefinition, answers: Answers, ctx: EngineContext): PathResult {
  const count = definition.steps.length;
  for (const key of Object.keys(answers)) {
    const step = Number(key);
    if (!Number.isInteger(step) || step < 1 || step > count) return { ok: false, step: Number.isFinite(step) ? step : 0, message: NO_SUCH_STEP };
  }
  const path = walkPath(definition, answers, ctx);
  if (!path.ok) return path;
  const onPath = new Set(path.steps);
  for (let step = 1; step <= count; step += 1) {
    if (onPath.has(step)) continue;
    const skippedPhotos = definition.steps[step - 1]?.kind === "upload" && (ctx.photoCount ?? 0) > 0;
    if (!isEmptyAnswer(answers[step]) || skippedPhotos) return { ok: false, step, message: notOnPath(step) };
  }
  return path;
}

/**
 * The answers without those to steps the branching skips (or the definition lacks), for a
 * client that sends its whole questionnaire at once (the spec's, at payment): its answers
 * for skipped steps are ignored, not refused (product-decisions.md, "Questionnaire text
 * questions"). A path that stops early keeps its answers as they are, so the check on
 * submit names the step that stops it.
 */
export function answersOnPath(definition: QuestionnaireDefinition, answers: Answers, ctx: EngineContext): Answers {
  const path = walkPath(definition, answers, ctx);
  if (!path.ok) return answers;
  const kept: Answers = {};
  for (const step of path.steps) {
    const answer = answers[step];
    if (answer) kept[step] = answer;
  }
  return kept;
}
