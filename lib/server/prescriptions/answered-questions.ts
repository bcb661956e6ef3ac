import "server-only";
import { formatCalendarDate, londonToday } from "@/lib/format/dates";
import { isEmptyAnswer } from "@/lib/questionnaire/answers";
import { bmiOf, parseMeasurements } from "@/lib/questionnaire/bmi";
import type { Answers, QuestionnaireDefinition, StepAnswer } from "@/lib/questionnaire/types";
import { walkPath } from "@/lib/questionnaire/walk-path";
import type { AnsweredQuestion } from "./types";

/**
 * A submitted questionnaire (the prescription questionnaire or a treatment assessment) as
 * readable questions and answers: the steps on the path the
 * answers take through the branching, in order. Answers stored under an older version of
 * the questions that no longer make a path are still shown, every answered step in order.
 */
export function answeredQuestions(definition: QuestionnaireDefinition, answers: Answers, photoCount: number): AnsweredQuestion[] {
  const path = walkPath(definition, answers, { today: londonToday(), photoCount });
  const steps = path.ok
    ? path.steps
    : definition.steps.map((_, index) => index + 1).filter((step) => !isEmptyAnswer(answers[step]) || definition.steps[step - 1]?.kind === "upload");
  return steps.flatMap((step) => {
    const question = definition.steps[step - 1];
    if (!question) return [];
    const answer = question.kind === "upload" ? [photoCount === 1 ? "1 photo" : `${photoCount} photos`] : answerLines(question.kind, answers[step]);
    return [{ step, section: question.section ?? null, question: question.text, answer }];
  });
}

function answerLines(kind: string, answer: StepAnswer | undefined): string[] {
  if (!answer || isEmptyAnswer(answer)) return ["Not answered"];
  const lines: string[] = [];
  const { choice } = answer;
  if (Array.isArray(choice) ? choice.length : choice) lines.push(Array.isArray(choice) ? choice.join(", ") : String(choice));
  const text = answer.text.trim();
  if (text) {
    const shown = kind === "date" ? formatCalendarDate(text) : kind === "measurements" ? formatMeasurements(text) : text;
    lines.push(lines.length ? `Details: ${shown}` : shown);
  }
  return lines;
}

/** "175;82.5" -> "175 cm, 82.5 kg (BMI 26.9)": the BMI the server computed, never one the patient stated. */
function formatMeasurements(value: string): string {
  const m = parseMeasurements(value);
  return m ? `${m.heightCm} cm, ${m.weightKg} kg (BMI ${bmiOf(value)?.toFixed(1)})` : value;
}
