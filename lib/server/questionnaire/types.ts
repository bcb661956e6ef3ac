import type { Answers, StepOutcome } from "@/lib/questionnaire/types";

export type QuestionnairePhotoView = { id: string; name: string };

/** A questionnaire response as its owner sees it. */
export type QuestionnaireResponseView = {
  id: string;
  definition: string;
  answers: Answers;
  photos: QuestionnairePhotoView[];
  submitted: boolean;
  submittedAt: string | null;
};

export type SaveStepResult = { outcome: StepOutcome };
