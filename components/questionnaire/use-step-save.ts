"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import { londonToday } from "@/lib/format/london-today";
import { normalizeAnswer } from "@/lib/questionnaire/answers";
import { evaluateStep } from "@/lib/questionnaire/evaluate-step";
import type { Question, QuestionnaireDefinition, StepAnswer } from "@/lib/questionnaire/types";
import { readOutcome, SAVE_FAILED, stepFailure, type StepError } from "./step-failure";

type StepSaveOptions = {
  definition: QuestionnaireDefinition;
  step: number;
  question: Question;
  responseId: string;
  apiBase: string;
  basePath: string;
  afterSubmitPath: string;
  answer: StepAnswer;
  photoCount: number;
  /** An upload is running: Next waits for it. */
  blocked: boolean;
  /** A signed-in questionnaire: where to sign in again when the session is gone (back to this step). */
  signInHref?: string;
  /** Called after an error is shown, to move focus to the first control. */
  focusFirstControl: () => void;
};

/**
 * Next/Submit: the engine's instant check in the browser, then the server's verdict
 * (PUT the answer; follow its outcome; on "submit", POST the submission).
 */
export function useStepSave(options: StepSaveOptions) {
  const { definition, step, question, responseId, apiBase, answer } = options;
  const router = useRouter();
  const [error, setError] = useState<StepError | null>(null);
  const [saving, setSaving] = useState(false);
  const [endMessage, setEndMessage] = useState<string | null>(null);
  // Once the session is found gone, nothing more is sent: a retry would run as a guest.
  const sessionGone = useRef<StepError | null>(null);

  // Committed before focusing: controls disabled while saving must be enabled to take focus.
  function fail(failure: StepError) {
    if (failure.signInHref) sessionGone.current = failure;
    flushSync(() => {
      setError(failure);
      setSaving(false);
    });
    options.focusFirstControl();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || options.blocked) return;
    if (sessionGone.current) return fail(sessionGone.current);
    const local = evaluateStep(definition, step, answer, { today: londonToday(), photoCount: options.photoCount });
    if (!local.ok) return fail({ message: local.message });
    setError(null);
    setSaving(true);
    try {
      const { choice, text } = normalizeAnswer(question, answer);
      const response = await apiFetch(`${apiBase}/${responseId}/steps/${step}`, { method: "PUT", json: { definition: definition.slug, choice, text } });
      const body = await readApiBody(response);
      if (!response.ok) return fail(stepFailure(response.status, body, options.signInHref));
      const outcome = readOutcome(body, definition.steps.length);
      if (!outcome) return fail({ message: SAVE_FAILED });
      if (outcome.kind === "next") return router.push(`${options.basePath}/${outcome.step}`);
      if (outcome.kind === "end") {
        setSaving(false);
        return setEndMessage(outcome.message);
      }
      const submitted = await apiFetch(`${apiBase}/${responseId}/submit`, { method: "POST" });
      if (!submitted.ok) return fail(stepFailure(submitted.status, await readApiBody(submitted), options.signInHref));
      router.push(options.afterSubmitPath);
    } catch {
      fail({ message: SAVE_FAILED });
    }
  }

  return { save, saving, error, setError, endMessage, closeEnd: () => setEndMessage(null), router };
}
