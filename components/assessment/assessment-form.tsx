"use client";

import { useEffect, useState } from "react";
import { QuestionnaireForm } from "@/components/questionnaire/questionnaire-form";
import { apiFetch } from "@/lib/client/api-fetch";
import type { Answers, QuestionnaireDefinition } from "@/lib/questionnaire/types";

// Rendered while the draft loads: the prerendered page has the question, not the patient's answers.
const LOADING_ID = "00000000-0000-4000-8000-000000000000";

type Attempt = { id: string; answers: Answers };

/**
 * One step of a treatment assessment. The page is prerendered (the same for everyone); the
 * patient's own unfinished attempt is fetched here and the form resumes it, or a new attempt
 * starts under a fresh id. Answers live only on the server.
 */
export function AssessmentForm({ definition, step }: { definition: QuestionnaireDefinition; step: number }) {
  const [attempt, setAttempt] = useState<Attempt | null>(null);

  useEffect(() => {
    let cancelled = false;
    const fresh = () => ({ id: crypto.randomUUID(), answers: {} });
    apiFetch(`/api/assessments/${definition.slug}`)
      .then(async (response) => {
        const body = response.ok ? ((await response.json()) as { attempt: Attempt | null }) : { attempt: null };
        if (!cancelled) setAttempt(body.attempt ?? fresh());
      })
      .catch(() => {
        if (!cancelled) setAttempt(fresh());
      });
    return () => {
      cancelled = true;
    };
  }, [definition.slug]);

  const base = `/${definition.slug}`;
  return (
    <QuestionnaireForm
      key={attempt?.id ?? LOADING_ID}
      definition={definition}
      step={step}
      responseId={attempt?.id ?? LOADING_ID}
      initialAnswers={attempt?.answers ?? {}}
      initialPhotos={[]}
      basePath={`${base}/quiz`}
      afterSubmitPath={`${base}/results`}
      afterSubmitLabel="See your results"
      consultationPath="/consultation"
      endContinuePath={`${base}/results`}
      apiBase="/api/questionnaires"
      loading={attempt === null}
      rememberId={false}
    />
  );
}
