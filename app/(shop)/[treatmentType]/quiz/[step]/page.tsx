import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { AssessmentForm } from "@/components/assessment/assessment-form";
import { getAssessmentDefinition, listAssessmentTreatmentTypes } from "@/lib/questionnaire/definitions";
import { pageMetadata } from "@/lib/seo/page-metadata";
import styles from "./page.module.css";

type Params = Promise<{ treatmentType: string; step: string }>;

// Prerendered for every assessment and step (the same page for everyone: the patient's own
// answers are loaded in the browser), and refreshed hourly like the catalogue.
export const revalidate = 3600;

export function generateStaticParams() {
  return listAssessmentTreatmentTypes().flatMap((treatmentType) =>
    getAssessmentDefinition(treatmentType)!.steps.map((_, index) => ({ treatmentType, step: String(index + 1) })),
  );
}

/** The step in the address, or null outside 1..steps (0, 99, "abc", "1.5"). */
function parseStep(raw: string, steps: number): number | null {
  if (!/^\d{1,3}$/.test(raw)) return null;
  const step = Number(raw);
  return step >= 1 && step <= steps ? step : null;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { treatmentType, step } = await params;
  const definition = getAssessmentDefinition(treatmentType);
  if (!definition?.assessment) return {};
  const total = definition.steps.length;
  const first = step === "1";
  return pageMetadata({
    title: first ? definition.title : `${definition.title}, question ${step} of ${total}`,
    description: definition.assessment.description,
    path: `/${treatmentType}/quiz/${step}`,
    // Step 1 is the assessment's landing page; later steps only make sense in order.
    noIndex: !first,
  });
}

export default async function AssessmentStepPage({ params }: { params: Params }) {
  const { treatmentType, step: rawStep } = await params;
  const definition = getAssessmentDefinition(treatmentType);
  if (!definition) notFound();
  const step = parseStep(rawStep, definition.steps.length);
  if (step === null) redirect(`/${treatmentType}/quiz/1`);
  return (
    <div className="section section-cream">
      <div className={`container ${styles.layout}`}>
        <h1 className={styles.title}>{definition.title}</h1>
        {step === 1 ? (
          <p className={styles.intro}>
            {definition.assessment?.description} It takes about 2 minutes. Your answers are confidential and seen only by our clinical team.
          </p>
        ) : null}
        <AssessmentForm definition={definition} step={step} />
      </div>
    </div>
  );
}
