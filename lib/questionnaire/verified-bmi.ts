import { bmiOf, joinMeasurements, parseMeasurements, WEIGHT_MAX_KG, WEIGHT_MIN_KG } from "./bmi";
import { getQuestion } from "./evaluate-step";
import { walkPath } from "./walk-path";
import type { Answers, EngineContext, QuestionnaireDefinition } from "./types";

export type VerifiedBmi = { heightCm: number; weightKg: number; bmi: number; passed: boolean; failure: string | null };

/**
 * The assessment's own BMI rule applied to a clinician's verified weight (GPhC distance-selling
 * guidance, February 2025, prescribing medicines for weight management: self-reported height and
 * weight are not enough). The patient's height stays; the weight is replaced and the whole
 * assessment is walked again with the same branching (bmiUnder rules, lib/questionnaire/bmi.ts),
 * so the thresholds live only in the definition. Null when the assessment has no usable height.
 */
export function verifiedBmiOutcome(definition: QuestionnaireDefinition, answers: Answers, weightKg: number, ctx: EngineContext, medicine: string): VerifiedBmi | null {
  const step = definition.steps.findIndex((question) => question.kind === "measurements") + 1;
  const reported = step > 0 ? parseMeasurements(answers[step]?.text ?? "") : null;
  if (!reported || weightKg < WEIGHT_MIN_KG || weightKg > WEIGHT_MAX_KG) return null;
  const text = joinMeasurements(String(reported.heightCm), String(weightKg));
  const bmi = bmiOf(text);
  if (bmi === null) return null;
  const replayed = { ...answers, [step]: { choice: null, text } };
  const path = walkPath(definition, replayed, ctx);
  const base = { heightCm: reported.heightCm, weightKg, bmi };
  if (path.ok) return { ...base, passed: true, failure: null };
  return { ...base, passed: false, failure: failureSentence(definition, step, path.step, bmi, medicine) };
}

function failureSentence(definition: QuestionnaireDefinition, measurementsStep: number, stoppedAt: number, bmi: number, medicine: string): string {
  const shown = bmi.toFixed(1);
  if (stoppedAt === measurementsStep) {
    const rule = getQuestion(definition, measurementsStep)?.branching?.rules?.find((r) => r.goto === "end" && "bmiUnder" in r.when && bmi < r.when.bmiUnder);
    const threshold = rule && "bmiUnder" in rule.when ? rule.when.bmiUnder : null;
    if (threshold !== null) return `Verified BMI ${shown} is below the ${threshold} threshold for ${medicine}: decline the order.`;
    return `Verified BMI ${shown} does not meet the rule for ${medicine}: decline the order.`;
  }
  const question = getQuestion(definition, stoppedAt);
  return `Verified BMI ${shown} needs the assessment's answer to "${question?.text ?? `step ${stoppedAt}`}", which does not allow ${medicine}: ask the patient or decline the order.`;
}
