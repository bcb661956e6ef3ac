import { emptyAnswer } from "./answers";
import { conditionHolds } from "./conditions";
import { getQuestion } from "./evaluate-step";
import type { Answers, EngineContext, QuestionnaireDefinition } from "./types";

/**
 * The product slug a passed assessment allows: the first of its `products` rules whose
 * condition holds on its step's answer (a rule without a condition is the default), or null
 * for a questionnaire that is not an assessment or when no rule matches.
 */
export function assessmentProduct(definition: QuestionnaireDefinition, answers: Answers, ctx: EngineContext): string | null {
  for (const rule of definition.assessment?.products ?? []) {
    if (!rule.when) return rule.product;
    const question = rule.step === undefined ? null : getQuestion(definition, rule.step);
    if (question && conditionHolds(rule.when, question, answers[rule.step!] ?? emptyAnswer(), ctx)) return rule.product;
  }
  return null;
}
