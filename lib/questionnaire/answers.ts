import type { Question, StepAnswer } from "./types";

export function emptyAnswer(): StepAnswer {
  return { choice: null, text: "" };
}

function hasChoice(choice: StepAnswer["choice"]): boolean {
  return Array.isArray(choice) ? choice.length > 0 : choice !== null && choice !== "";
}

/** No choice and no text (whitespace counts as none). */
export function isEmptyAnswer(answer: StepAnswer | undefined | null): boolean {
  if (!answer) return true;
  return !hasChoice(answer.choice) && (typeof answer.text !== "string" || answer.text.trim() === "");
}

/**
 * The form an answer is stored in: text trimmed, a multi-select's choices de-duplicated
 * in the question's option order, no choice as null. Run before evaluating and saving.
 */
export function normalizeAnswer(question: Question, answer: StepAnswer): StepAnswer {
  // "175 ; 82.5" -> "175;82.5": a measurements answer is stored in one form.
  const text = question.kind === "measurements" ? answer.text.split(";").map((part) => part.trim()).join(";").replace(/^;$/, "") : answer.text.trim();
  const { choice } = answer;
  if (Array.isArray(choice)) {
    if (question.kind !== "multi") return { choice: choice.length ? choice : null, text };
    const options = question.options ?? [];
    const picked = new Set(choice);
    const ordered = options.filter((option) => picked.has(option));
    const unknown = [...picked].filter((value) => !options.includes(value));
    const all = [...ordered, ...unknown];
    return { choice: all.length ? all : null, text };
  }
  return { choice: choice === "" ? null : choice, text };
}
