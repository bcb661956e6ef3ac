"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Modal } from "@/components/modal/modal";
import { RouterLink } from "@/components/navigation/router-link";
import { londonToday } from "@/lib/format/london-today";
import { emptyAnswer } from "@/lib/questionnaire/answers";
import { getQuestion } from "@/lib/questionnaire/evaluate-step";
import type { Answers, Question, QuestionnaireDefinition, StepAnswer } from "@/lib/questionnaire/types";
import type { UploadedPhoto } from "./photo-upload";
import { QuestionFields } from "./question-fields";
import styles from "./questionnaire-form.module.css";
import { StepProgress } from "./step-progress";
import { useStepSave } from "./use-step-save";

export type QuestionnaireFormProps = {
  definition: QuestionnaireDefinition;
  step: number;
  responseId: string;
  initialAnswers: Answers;
  initialPhotos: UploadedPhoto[];
  /** "/prescription/questionnaire": steps live at {basePath}/{n}. */
  basePath: string;
  /** Where a submitted questionnaire goes ("/prescription/checkout?questionnaireId=<id>"). */
  afterSubmitPath: string;
  afterSubmitLabel?: string;
  /** Where the ending modal's Confirm goes ("/consultation"). */
  consultationPath: string;
  /** "/api/questionnaires" */
  apiBase: string;
  /**
   * Where the ending modal's Continue goes. Unset (the prescription questionnaire): it closes
   * the modal so the answer can be changed. A treatment assessment locks the attempt when it
   * ends, so Continue shows the results page, which explains why.
   */
  endContinuePath?: string;
  /** The draft is still loading (a prerendered assessment step): the controls wait. */
  loading?: boolean;
  /**
   * The page requires a sign-in (the prescription questionnaire): an expired session asks
   * the patient to sign in again, with a link back to this step (/login?next=…).
   */
  signedIn?: boolean;
  /** Keep the id in localStorage as questionnaireDataId (the spec's key for the prescription questionnaire). Default true. */
  rememberId?: boolean;
};

// Set once a step has been shown: later steps (client-side navigations) move focus to the
// question, while the first page load leaves focus where the browser puts it.
let shownBefore = false;

/** One step of any questionnaire definition: the engine decides, the server has the last word. */
export function QuestionnaireForm(props: QuestionnaireFormProps) {
  const question = getQuestion(props.definition, props.step);
  return question ? <QuestionnaireStep key={props.step} question={question} {...props} /> : null;
}

function QuestionnaireStep(props: QuestionnaireFormProps & { question: Question }) {
  const { definition, step, responseId, question, basePath, apiBase } = props;
  const total = definition.steps.length;
  const [answer, setAnswer] = useState<StepAnswer>(() => ({ ...emptyAnswer(), ...props.initialAnswers[step] }));
  const [photos, setPhotos] = useState(props.initialPhotos);
  const [uploading, setUploading] = useState(false);
  const [today] = useState(() => londonToday());
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const { save, saving, error, setError, endMessage, closeEnd, router } = useStepSave({
    ...props,
    answer,
    photoCount: photos.length,
    blocked: uploading,
    signInHref: props.signedIn ? `/login?next=${encodeURIComponent(`${props.basePath}/${step}`)}` : undefined,
    focusFirstControl: () => fieldsetRef.current?.querySelector<HTMLElement>("input:not(:disabled), textarea:not(:disabled)")?.focus(),
  });
  const baseId = useId();
  const ids = { legend: `${baseId}-legend`, hint: `${baseId}-hint`, error: `${baseId}-error`, details: `${baseId}-details` };
  const describedBy = [error ? ids.error : null, question.hint ? ids.hint : null].filter(Boolean).join(" ") || undefined;

  const { rememberId = true, loading = false } = props;
  useEffect(() => {
    if (loading) return;
    if (rememberId) {
      try {
        window.localStorage.setItem("questionnaireDataId", responseId);
      } catch {
        // Storage can be unavailable (private mode); the draft lives on the server anyway.
      }
    }
    if (shownBefore) fieldsetRef.current?.focus();
    shownBefore = true;
  }, [responseId, rememberId, loading]);

  const busy = saving || uploading || loading;
  return (
    <>
      <form className={styles.form} onSubmit={save} noValidate>
        <StepProgress step={step} total={total} />
        {question.section ? <h2 className={styles.section}>{question.section}</h2> : null}
        <fieldset ref={fieldsetRef} className={styles.fieldset} tabIndex={-1} aria-describedby={describedBy}>
          <legend id={ids.legend} className={styles.legend}>
            {question.text}
          </legend>
          {question.hint ? (
            <p id={ids.hint} className={styles.hint}>
              {question.hint}
            </p>
          ) : null}
          <QuestionFields
            question={question}
            answer={answer}
            onAnswerChange={setAnswer}
            ids={{ legend: ids.legend, details: ids.details, describedBy }}
            invalid={error !== null}
            disabled={saving || loading}
            today={today}
            photos={photos}
            photosPath={`${apiBase}/${responseId}/photos`}
            onPhotosChange={setPhotos}
            onUploadError={(message) => setError(message ? { message } : null)}
            onUploadBusy={setUploading}
          />
        </fieldset>
        {error ? (
          <p id={ids.error} role="alert" className="form-message-error">
            {error.message}
            {error.signInHref ? (
              <>
                {" "}
                <a href={error.signInHref}>Sign in again</a>
              </>
            ) : null}
            {error.submitted ? (
              <>
                {" "}
                <RouterLink href={props.afterSubmitPath}>{props.afterSubmitLabel ?? "Continue to checkout"}</RouterLink>
              </>
            ) : null}
          </p>
        ) : null}
        <div className={styles.actions}>
          {step > 1 ? (
            <RouterLink href={`${basePath}/${step - 1}`} className="button button-secondary">
              Previous
            </RouterLink>
          ) : null}
          <button ref={submitRef} type="submit" className={`button ${styles.submit}`} disabled={busy}>
            {saving ? "Saving..." : step === total ? "Submit" : "Next"}
          </button>
        </div>
      </form>
      <Modal
        open={endMessage !== null}
        message={endMessage}
        onContinue={props.endContinuePath ? () => router.push(props.endContinuePath!) : closeEnd}
        onConfirm={() => router.push(props.consultationPath)}
        returnFocus={submitRef}
      />
    </>
  );
}
