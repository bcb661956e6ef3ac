import "server-only";
import type { Answers, QuestionnaireDefinition, StepAnswer } from "@/lib/questionnaire/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { NO_QUESTIONNAIRE, storedQuestionnaireSchema } from "@/lib/validation/prescription";

/**
 * The answers of the spec's stored questionnaire (the JSON its client keeps: `answers`, a
 * list with one entry per step, and `textAnswers`, the text boxes) in the engine's shape.
 * Photos are not part of it (the spec's client keeps only a file name); they are uploaded
 * to the questionnaire instead. Whether the answers make a valid path is checked on submit.
 */
export function answersFromStoredQuestionnaire(definition: QuestionnaireDefinition, json: string): Answers {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw invalid();
  }
  const parsed = storedQuestionnaireSchema.safeParse(raw);
  if (!parsed.success) throw invalid();
  const { answers, textAnswers = [] } = parsed.data;
  const result: Answers = {};
  definition.steps.forEach((question, index) => {
    const value = answers[index] ?? null;
    const box = textAnswers[index] ?? "";
    let answer: StepAnswer;
    if (question.kind === "single" || question.kind === "multi") {
      answer = { choice: value === "" || (Array.isArray(value) && value.length === 0) ? null : value, text: box };
    } else if (question.kind === "upload") {
      return;
    } else {
      // Text and date questions: the spec's client may keep the answer in either list.
      answer = { choice: null, text: box || (typeof value === "string" ? value : "") };
    }
    if (answer.choice !== null || answer.text.trim() !== "") result[index + 1] = answer;
  });
  return result;
}

function invalid() {
  return new AppError("validation_failed", NO_QUESTIONNAIRE, { questionnaire: ["The questionnaire data could not be read."] });
}
