import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { redirect } from "next/navigation";
import { QuestionnaireForm } from "@/components/questionnaire/questionnaire-form";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { requireActor } from "@/lib/server/auth/guards";
import { findOpenResponse } from "@/lib/server/questionnaire/find-open-response";
import { pageMetadata } from "@/lib/seo/page-metadata";
import styles from "./page.module.css";

const SLUG = "prescription";
const BASE_PATH = "/prescription/questionnaire";

type Params = Promise<{ step: string }>;

/** The step in the address, or null outside 1..steps (0, 21, "abc", "1.5"). */
function parseStep(raw: string, steps: number): number | null {
  if (!/^\d{1,3}$/.test(raw)) return null;
  const step = Number(raw);
  return step >= 1 && step <= steps ? step : null;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { step } = await params;
  const total = getQuestionnaireDefinition(SLUG)!.steps.length;
  return pageMetadata({
    title: `Prescription questionnaire, step ${step} of ${total}`,
    description: "The medical questionnaire a specialist reviews before issuing your prescription.",
    path: `${BASE_PATH}/${step}`,
    noIndex: true,
  });
}

export default async function PrescriptionQuestionnairePage({ params }: { params: Params }) {
  const definition = getQuestionnaireDefinition(SLUG)!;
  const step = parseStep((await params).step, definition.steps.length);
  if (step === null) redirect(`${BASE_PATH}/1`);
  const actor = await requireActor(`${BASE_PATH}/${step}`);
  // A reload or another device resumes the patient's open questionnaire; otherwise a new one starts.
  const open = await findOpenResponse(actor, SLUG);
  const responseId = open?.id ?? randomUUID();
  return (
    <div className="section section-cream">
      <div className={`container ${styles.layout}`}>
        <h1 className={styles.title}>{definition.title}</h1>
        <QuestionnaireForm
          definition={definition}
          step={step}
          responseId={responseId}
          initialAnswers={open?.answers ?? {}}
          initialPhotos={open?.photos ?? []}
          basePath={BASE_PATH}
          afterSubmitPath={`/prescription/checkout?questionnaireId=${responseId}`}
          consultationPath="/consultation"
          apiBase="/api/questionnaires"
          signedIn
        />
      </div>
    </div>
  );
}
