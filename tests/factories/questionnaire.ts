import shortPathJson from "@/tests/fixtures/prescription-answers.json";
import { randomUUID } from "node:crypto";
import { PUT as saveStep } from "@/app/api/questionnaires/[id]/steps/[step]/route";
import { call } from "@/tests/support/request";

type Caller = { cookies?: Record<string, string>; headers?: Record<string, string> };

type PathAnswer = { choice?: string | string[] | null; text?: string };

/**
 * A valid path through the prescription questionnaire (the short branches: No to 4, 6 and 7,
 * "Other" not picked, no Minoxidil), shared with the browser tests and the bench.
 */
export const SHORT_PATH: Record<number, PathAnswer> = Object.fromEntries(
  Object.entries(shortPathJson).map(([step, answer]) => [Number(step), answer as PathAnswer]),
);

/** A path with one step left out. */
export function pathWithout(step: number, path = SHORT_PATH): typeof SHORT_PATH {
  return Object.fromEntries(Object.entries(path).filter(([key]) => Number(key) !== step));
}

export function saveAnswer(id: string, step: number, answer: { choice?: string | string[] | null; text?: string }, caller: Caller = {}) {
  return call(saveStep, `/api/questionnaires/${id}/steps/${step}`, {
    method: "PUT",
    json: { definition: "prescription", choice: answer.choice ?? null, text: answer.text ?? "" },
    params: { id, step: String(step) },
    ...caller,
  });
}

/** Answers every step of `path` through the API; returns the questionnaire id. */
export async function answerQuestionnaire(caller: Caller, path = SHORT_PATH, id: string = randomUUID()): Promise<string> {
  for (const [step, answer] of Object.entries(path)) {
    const res = await saveAnswer(id, Number(step), answer, caller);
    if (res.status !== 200) throw new Error(`step ${step}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return id;
}

/** The spec client's stored questionnaire JSON (answers and textAnswers, 20 each) for a path. */
export function storedQuestionnaireJson(path = SHORT_PATH): string {
  const answers: (string | string[] | null)[] = Array.from({ length: 20 }, () => null);
  const textAnswers: string[] = Array.from({ length: 20 }, () => "");
  for (const [step, answer] of Object.entries(path)) {
    answers[Number(step) - 1] = answer.choice ?? null;
    textAnswers[Number(step) - 1] = answer.text ?? "";
  }
  return JSON.stringify({ questions: [], answers, textAnswers, fileUpload: null });
}
