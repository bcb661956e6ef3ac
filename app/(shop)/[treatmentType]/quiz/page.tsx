import { notFound, permanentRedirect } from "next/navigation";
import { getAssessmentDefinition } from "@/lib/questionnaire/definitions";

type Params = Promise<{ treatmentType: string }>;

// The spec's route table: /{treatmentType}/quiz/{step}, "step is a number, default 1". The
// address without a step is a permanent redirect to step 1, the one indexable step, so
// search engines keep a single address per assessment; an unknown treatment type is a 404.
export default async function AssessmentQuizStart({ params }: { params: Params }) {
  const { treatmentType } = await params;
  if (!getAssessmentDefinition(treatmentType)?.assessment) notFound();
  permanentRedirect(`/${treatmentType}/quiz/1`);
}
