import "server-only";
import { isEmptyAnswer } from "@/lib/questionnaire/answers";
import { branchTarget } from "@/lib/questionnaire/evaluate-step";
import type { Answers, EngineContext, QuestionnaireDefinition } from "@/lib/questionnaire/types";

/**
 * Follows the branching from step 1 through the answers given so far and drops answers to
 * steps it now jumps over (a "No" that replaced a "Yes" leaves its details question
 * unanswered), so a whole-path check at submission does not trip over stale answers.
 * Answers beyond the last answered step stay: the patient may still go forward to them.
 */
export function pruneSkippedSteps(definition: QuestionnaireDefinition, answers: Answers, ctx: EngineContext): Answers {
  const kept: Answers = { ...answers };
  let step = 1;
  while (step <= definition.steps.length && !isEmptyAnswer(kept[step])) {
    const target = branchTarget(definition, step, kept[step]!, ctx);
    if (typeof target !== "number" || target <= step) break;
    for (let skipped = step + 1; skipped < target; skipped += 1) delete kept[skipped];
    step = target;
  }
  return kept;
}
