import { randomUUID } from "node:crypto";
import answersJson from "@/tests/fixtures/assessment-answers.json";
import { PUT as saveStep } from "@/app/api/questionnaires/[id]/steps/[step]/route";
import { POST as submit } from "@/app/api/questionnaires/[id]/submit/route";
import { call } from "@/tests/support/request";

type Caller = { cookies?: Record<string, string>; headers?: Record<string, string> };
type PathAnswer = { choice?: string | string[] | null; text?: string };

/** Passing paths through each assessment, shared with the browser tests. */
export const ASSESSMENT_PATHS = answersJson as Record<"minoxidil-men" | "minoxidil-women" | "pde5" | "mounjaro", Record<string, PathAnswer>>;

export function saveAssessmentAnswer(definition: string, id: string, step: number, answer: PathAnswer, caller: Caller = {}) {
  return call(saveStep, `/api/questionnaires/${id}/steps/${step}`, {
    method: "PUT",
    json: { definition, choice: answer.choice ?? null, text: answer.text ?? "" },
    params: { id, step: String(step) },
    ...caller,
  });
}

/** Takes an assessment through the API, as the browser does; returns the attempt id and the last step's outcome. */
export async function takeAssessment(definition: string, path: Record<string, PathAnswer>, caller: Caller = {}, id: string = randomUUID()) {
  let last: unknown = null;
  for (const [step, answer] of Object.entries(path)) {
    const res = await saveAssessmentAnswer(definition, id, Number(step), answer, caller);
    if (res.status !== 200) throw new Error(`${definition} step ${step}: ${res.status} ${JSON.stringify(res.body)}`);
    last = res.body.outcome;
  }
  return { id, last };
}

/** A passed assessment: every answer of a passing path, then submitted. */
export async function passAssessment(definition: "minoxidil" | "mounjaro" | "viagra" | "cialis", caller: Caller, path?: Record<string, PathAnswer>) {
  const chosen = path ?? (definition === "minoxidil" ? ASSESSMENT_PATHS["minoxidil-men"] : definition === "mounjaro" ? ASSESSMENT_PATHS.mounjaro : ASSESSMENT_PATHS.pde5);
  const { id } = await takeAssessment(definition, chosen, caller);
  const res = await call(submit, `/api/questionnaires/${id}/submit`, { method: "POST", params: { id }, ...caller });
  if (res.status !== 200) throw new Error(`submit ${definition}: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}
