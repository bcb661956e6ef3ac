import { ageOn } from "./age";
import { measurementsProblem } from "./bmi";
import { normalizeAnswer } from "./answers";
import { conditionHolds } from "./conditions";
import * as m from "./messages";
import type { EngineContext, Question, QuestionnaireDefinition, StepAnswer, StepResult } from "./types";

/** Older than this is taken for a typing mistake in a date of birth. */
const MAX_AGE_YEARS = 120;

export function stepCount(definition: QuestionnaireDefinition): number {
  return definition.steps.length;
}

/** The question of a 1-based step, or null outside 1..stepCount. */
export function getQuestion(definition: QuestionnaireDefinition, step: number): Question | null {
  if (!Number.isInteger(step) || step < 1 || step > definition.steps.length) return null;
  return definition.steps[step - 1] ?? null;
}

/** Where the branching sends this answer: a step, "end" or "submit". */
export function branchTarget(definition: QuestionnaireDefinition, step: number, answer: StepAnswer, ctx: EngineContext): number | "end" | "submit" {
  const question = getQuestion(definition, step);
  if (!question) return "end";
  if (!question.branching) return step < definition.steps.length ? step + 1 : "submit";
  for (const rule of question.branching.rules ?? []) {
    if (conditionHolds(rule.when, question, answer, ctx)) return rule.goto;
  }
  return question.branching.otherwise;
}

function takesText(question: Question): boolean {
  return question.kind === "text" || question.kind === "date" || question.kind === "measurements" || question.textBox === true;
}

/** A choice or text the question cannot take (only a hand-made request gets here). */
function shapeProblem(question: Question, { choice, text }: StepAnswer): string | null {
  const options = question.options ?? [];
  if (question.kind === "single" && choice !== null && (typeof choice !== "string" || !options.includes(choice))) return m.CHOOSE_FROM_OPTIONS;
  if (question.kind === "multi" && choice !== null && (!Array.isArray(choice) || choice.some((value) => !options.includes(value)))) {
    return m.CHOOSE_FROM_OPTIONS;
  }
  if (question.kind !== "single" && question.kind !== "multi" && choice !== null) return m.NO_CHOICE_HERE;
  if (!takesText(question) && text !== "") return m.NO_TEXT_HERE;
  const max = Math.min(question.maxLength ?? m.MAX_TEXT_LENGTH, m.MAX_TEXT_LENGTH);
  return text.length > max ? m.tooLong(max) : null;
}

function dateProblem(question: Question, text: string, today: string): string | null {
  if (text === "") return question.optional ? null : (question.requiredMessage ?? m.ENTER_A_DATE);
  const age = ageOn(text, today);
  return age === null || age > MAX_AGE_YEARS ? (question.invalidMessage ?? m.INVALID_DATE) : null;
}

/** The main answer missing or malformed, checked before branching (text answers: after). */
function answerProblem(question: Question, { choice, text }: StepAnswer, ctx: EngineContext): string | null {
  switch (question.kind) {
    case "single":
      return choice === null && !question.optional ? m.SELECT_AN_ANSWER : null;
    case "multi":
      return choice === null && !question.optional ? m.SELECT_AT_LEAST_ONE : null;
    case "date":
      return dateProblem(question, text, ctx.today);
    case "measurements":
      return measurementsProblem(text);
    case "upload": {
      const count = ctx.photoCount ?? 0;
      const rules = question.upload;
      if (rules && count < rules.minFiles) return m.tooFewPhotos(rules.minFiles);
      if (rules && count > rules.maxFiles) return m.tooManyPhotos(rules.maxFiles);
      return null;
    }
    default:
      return null;
  }
}

function sanitize(answer: StepAnswer | null | undefined): StepAnswer {
  const choice = answer?.choice;
  const text = answer?.text;
  return { choice: choice === undefined ? null : choice, text: typeof text === "string" ? text : "" };
}

/**
 * One step's validation and where it leads: a validation line (`ok: false`), or the next
 * step, the end of the questionnaire (with its message) or submission. The same function
 * runs in the browser for an instant message and on the server, which decides.
 */
export function evaluateStep(definition: QuestionnaireDefinition, step: number, answer: StepAnswer, ctx: EngineContext): StepResult {
  const question = getQuestion(definition, step);
  if (!question) return { ok: false, message: m.NO_SUCH_STEP };
  const normalized = normalizeAnswer(question, sanitize(answer));
  const problem = shapeProblem(question, normalized) ?? answerProblem(question, normalized, ctx);
  if (problem) return { ok: false, message: problem };

  const target = branchTarget(definition, step, normalized, ctx);
  const textMissing = normalized.text === "";
  if (target === "end") {
    // The spec: a text question whose branch ends on empty text shows its endMessage as the validation line.
    if (question.kind === "text" && textMissing) return { ok: false, message: question.endMessage ?? m.PROVIDE_DETAILS };
    return { ok: true, outcome: { kind: "end", message: question.endMessage ?? m.CONSULT_A_PROFESSIONAL } };
  }
  if (question.kind === "text" && textMissing && !question.optional) {
    return { ok: false, message: question.requiredMessage ?? m.PROVIDE_DETAILS };
  }
  if (question.detailsRequiredWhen && textMissing && conditionHolds(question.detailsRequiredWhen, question, normalized, ctx)) {
    return { ok: false, message: question.detailsRequiredMessage ?? m.PROVIDE_DETAILS };
  }
  return { ok: true, outcome: target === "submit" ? { kind: "submit" } : { kind: "next", step: target } };
}
