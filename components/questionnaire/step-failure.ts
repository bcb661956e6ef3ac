import type { ApiBody } from "@/components/forms/read-api-body";
import type { StepOutcome } from "@/lib/questionnaire/types";

export const SAVE_FAILED = "We could not save your answer. Please try again.";
const ALREADY_SUBMITTED = "This questionnaire has already been submitted.";
export const UPLOAD_FAILED = "We could not upload your photo. Please try again.";
export const REMOVE_FAILED = "We could not remove the photo. Please try again.";
const SESSION_EXPIRED = "Your session has expired. Please sign in again to continue: your answers so far are saved.";

/** `signInHref`: the sign-in link that brings the patient back to this step. */
export type StepError = { message: string; submitted?: boolean; signInHref?: string };

/**
 * What the form shows for a refused save or submit (spec: 422 shows the server's message).
 * A signed-in questionnaire (`signInHref` given) whose session is gone (401; or 403, the
 * XSRF token of a sign-in that no longer exists) asks the patient to sign in again.
 */
export function stepFailure(status: number, body: ApiBody, signInHref?: string): StepError {
  if (signInHref && (status === 401 || status === 403)) return { message: SESSION_EXPIRED, signInHref };
  if (status === 422) return { message: body.message ?? SAVE_FAILED };
  if (status === 409) return { message: body.message ?? ALREADY_SUBMITTED, submitted: true };
  return { message: SAVE_FAILED };
}

/** A refused upload: the server explains 413, 415 and 422. */
export function uploadFailure(status: number, body: ApiBody): string {
  if (status === 401) return SESSION_EXPIRED;
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
