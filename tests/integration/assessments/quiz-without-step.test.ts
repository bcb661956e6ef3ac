import AssessmentQuizStart from "@/app/(shop)/[treatmentType]/quiz/page";
import { listAssessmentTreatmentTypes } from "@/lib/questionnaire/definitions";

// next/navigation's redirect and notFound throw errors whose digest carries the outcome.
async function outcome(treatmentType: string): Promise<string> {
  try {
    await AssessmentQuizStart({ params: Promise.resolve({ treatmentType }) });
  } catch (error) {
    return String((error as { digest?: unknown }).digest);
  }
  throw new Error("the page rendered instead of redirecting");
}

describe("/{treatmentType}/quiz without a step", () => {
  it.each(listAssessmentTreatmentTypes())("/%s/quiz redirects permanently to step 1 (the spec: step defaults to 1)", async (treatmentType) => {
    expect(await outcome(treatmentType)).toBe(`NEXT_REDIRECT;replace;/${treatmentType}/quiz/1;308;`);
  });

  it("an unknown treatment type or the prescription questionnaire is a 404, not a redirect", async () => {
    for (const treatmentType of ["no-such-treatment", "prescription"]) {
      expect(await outcome(treatmentType)).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
    }
  });
});
