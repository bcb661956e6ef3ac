import { ageOn } from "./age";
import { bmiOf } from "./bmi";
import type { Condition, EngineContext, Question, StepAnswer } from "./types";

function isBlank(answer: StepAnswer, question: Question): boolean {
  if (question.kind === "text" || question.kind === "date" || question.kind === "measurements") return answer.text.trim() === "";
  const { choice } = answer;
  return Array.isArray(choice) ? choice.length === 0 : choice === null || choice === "";
}

/**
 * Whether a condition holds for one step's answer. A new kind of condition is one case here
 * and one in definition-schema.ts (bmiUnder: the BMI of a measurements answer, bmi.ts).
 */
export function conditionHolds(condition: Condition, question: Question, answer: StepAnswer, ctx: EngineContext): boolean {
  const { choice } = answer;
  if ("equals" in condition) return choice === condition.equals;
  if ("oneOf" in condition) return typeof choice === "string" && condition.oneOf.includes(choice);
  if ("includes" in condition) return Array.isArray(choice) && choice.includes(condition.includes);
  if ("empty" in condition) return isBlank(answer, question);
  if ("always" in condition) return true;
  if ("ageUnder" in condition) {
    const age = ageOn(answer.text.trim(), ctx.today);
    return age !== null && age < condition.ageUnder;
  }
  if ("bmiUnder" in condition) {
    const bmi = bmiOf(answer.text);
    return bmi !== null && bmi < condition.bmiUnder;
  }
  if ("any" in condition) return condition.any.some((inner) => conditionHolds(inner, question, answer, ctx));
  if ("all" in condition) return condition.all.every((inner) => conditionHolds(inner, question, answer, ctx));
  return !conditionHolds(condition.not, question, answer, ctx);
}
