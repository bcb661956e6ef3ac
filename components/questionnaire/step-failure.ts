import type { ApiBody } from "@/components/forms/read-api-body";
import type { StepOutcome } from "@/lib/questionnaire/types";

export const SAVE_FAILED = "We could not save your answer. Please try again.";
export const ALREADY_SUBMITTED = "This questionnaire has already been submitted.";
export const UPLOAD_FAILED = "We could not upload your photo. Please try again.";
export const REMOVE_FAILED = "We could not remove the photo. Please try again.";

export type StepError = { message: string; submitted?: boolean };

/** What the form shows for a refused save or submit (spec: 422 shows the server's message). */
export function stepFailure(status: number, body: ApiBody): StepError {
  if (status === 422) return { message: body.message ?? SAVE_FAILED };
  if (status === 409) return { message: body.message ?? ALREADY_SUBMITTED, submitted: true };
  return { message: SAVE_FAILED };
}

/** A refused upload: the server explains 413, 415 and 422. */
export function uploadFailure(status: number, body: ApiBody): string {
  if (status === 413 || status === 415 || status === 422) return body.message ?? UPLOAD_FAILED;
  if (status === 409) return body.message ?? ALREADY_SUBMITTED;
  return UPLOAD_FAILED;
}

/** The server's outcome, if the body carries a well-formed one. */
export function readOutcome(body: ApiBody, total: number): StepOutcome | null {
  const outcome = body.outcome as Partial<Record<string, unknown>> | undefined;
  if (!outcome || typeof outcome !== "object") return null;
  if (outcome.kind === "submit") return { kind: "submit" };
  if (outcome.kind === "end" && typeof outcome.message === "string") return { kind: "end", message: outcome.message };
  const step = outcome.step;
  if (outcome.kind === "next" && typeof step === "number" && Number.isInteger(step) && step >= 1 && step <= total) return { kind: "next", step };
  return null;
}
