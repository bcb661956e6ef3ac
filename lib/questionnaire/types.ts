// The questionnaire engine's vocabulary. A questionnaire is data (a definition checked by
// definition-schema.ts); the engine (evaluate-step.ts, walk-path.ts) runs any definition,
// in the browser and on the server alike, so nothing here may import server code or zod.

/**
 * "measurements": height and weight in one step (assessments that need a BMI). Its answer's
 * text is "<height cm>;<weight kg>", e.g. "175;82.5"; the BMI is computed from it (bmi.ts),
 * in the browser for an instant message and on the server, which decides.
 */
type QuestionKind = "single" | "multi" | "text" | "date" | "upload" | "measurements";

/**
 * A test over one step's answer. Which conditions fit which kind is checked by the
 * definition schema: equals/oneOf on single choice, includes on multi-select, ageUnder on a
 * date of birth, empty and always on any kind.
 */
export type Condition =
  | { equals: string }
  | { oneOf: string[] }
  | { includes: string }
  | { empty: true }
  | { always: true }
  | { ageUnder: number }
  | { bmiUnder: number }
  | { any: Condition[] }
  | { all: Condition[] }
  | { not: Condition };

/**
 * A forward step number (1-based) or "end": the questionnaire stops (see endMessage).
 * `source`: one line for clinicians on where the rule comes from (required on assessments).
 */
export type BranchRule = { when: Condition; goto: number | "end"; source?: string };

/** The first rule whose condition holds decides; otherwise `otherwise` does. */
type Branching = { rules?: BranchRule[]; otherwise: number | "end" | "submit" };

type ImageType = "image/jpeg" | "image/png";

type UploadRules = {
  accept: ImageType[];
  /** Photos the patient must give on this step (0 = optional). */
  minFiles: number;
  maxFiles: number;
  maxBytes: number;
};

export type Question = {
  /** Stable key for storage and staff views; never reused for another question. */
  id: string;
  /** A section heading shown above the question. */
  section?: string;
  text: string;
  /** A line of help under the question. */
  hint?: string;
  kind: QuestionKind;
  /** The choices of a single or multi question. */
  options?: string[];
  /** A choice question with an extra free-text box. */
  textBox?: boolean;
  textBoxLabel?: string;
  /** Default "Please provide details" (DEFAULT_PLACEHOLDER). */
  textBoxPlaceholder?: string;
  /** A text question answered on one line (a name) rather than a paragraph. */
  singleLine?: boolean;
  /** The HTML autocomplete token of a text or date answer ("name", "bday"). */
  autoComplete?: string;
  /** The main answer may be left empty (default: required; uploads use upload.minFiles). */
  optional?: boolean;
  /** Shown when a required date or text answer is empty. */
  requiredMessage?: string;
  /** The extra text box must be filled when this holds (e.g. { equals: "Yes" }). */
  detailsRequiredWhen?: Condition;
  detailsRequiredMessage?: string;
  /** Shown for a date that is not a real past date. */
  invalidMessage?: string;
  /** Free-text limit, at most MAX_TEXT_LENGTH. */
  maxLength?: number;
  /** Default: the next step, or "submit" on the last step. */
  branching?: Branching;
  /** Shown when a branch ends the questionnaire here. */
  endMessage?: string;
  /** One line for clinicians: where the rule comes from. */
  source?: string;
  upload?: UploadRules;
};

/** Which product a passed assessment allows: the first rule whose condition holds on its step. */
type ProductRule = { step?: number; when?: Condition; product: string; source?: string };

/**
 * What makes a questionnaire a treatment assessment (/{treatmentType}/quiz/{step}): reaching
 * "submit" passes it (ELIGIBLE); an "end" branch locks the attempt as NOT_ELIGIBLE with that
 * step's endMessage as the reason, in plain words, and the results page offers a consultation.
 */
type AssessmentSettings = {
  /** The catalogue's treatment type slug; also the definition's slug and the quiz's URL segment. */
  treatmentType: string;
  /** Days a pass allows the medicine into a cart. */
  validityDays: number;
  /** Product slugs the pass allows, chosen by the answers (last rule without a condition = default). */
  products: ProductRule[];
  /** Meta description of step 1 (indexable). */
  description: string;
};

export type QuestionnaireDefinition = {
  slug: string;
  title: string;
  /** Raised whenever questions change, so stored answers name what they answered. */
  version: number;
  source?: string;
  /** Present on treatment assessments only. */
  assessment?: AssessmentSettings;
  steps: Question[];
};

/**
 * One step's answer, JSON-serialisable. `choice`: the option (single), the options (multi)
 * or null; `text`: the text box, the text answer, or a date as YYYY-MM-DD. Uploads are not
 * answers: their count arrives in EngineContext.photoCount.
 */
export type StepAnswer = { choice: string | string[] | null; text: string };

/** Keyed by step number, 1-based. */
export type Answers = Record<number, StepAnswer>;

export type EngineContext = {
  /** yyyy-MM-dd in Europe/London (londonToday()); the server computes its own. */
  today: string;
  /** Photos uploaded for the questionnaire's upload step. */
  photoCount?: number;
};

export type StepOutcome = { kind: "next"; step: number } | { kind: "end"; message: string } | { kind: "submit" };

export type StepResult = { ok: false; message: string } | { ok: true; outcome: StepOutcome };

export type PathResult = { ok: true; steps: number[] } | { ok: false; step: number; message: string };
