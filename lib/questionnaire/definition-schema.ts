import { z } from "zod";
import { MAX_TEXT_LENGTH } from "./messages";
import type { Condition, Question, QuestionnaireDefinition } from "./types";

// Checks a questionnaire definition: its shape (strict, so a misspelt key fails) and the
// invariants the engine relies on. Server-side and in tests only: the browser receives a
// definition that has already passed (zod stays out of the questionnaire's bundle).

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case words joined by hyphens.");
const line = z.string().trim().min(1).max(300).regex(/^[^\r\n]*$/, "Keep it to one line.");
const stepNumber = z.number().int().min(1);

const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ equals: z.string().min(1) }),
    z.strictObject({ oneOf: z.array(z.string().min(1)).min(1) }),
    z.strictObject({ includes: z.string().min(1) }),
    z.strictObject({ empty: z.literal(true) }),
    z.strictObject({ always: z.literal(true) }),
    z.strictObject({ ageUnder: z.number().int().min(1).max(120) }),
    z.strictObject({ bmiUnder: z.number().min(10).max(80) }),
    z.strictObject({ any: z.array(conditionSchema).min(1) }),
    z.strictObject({ all: z.array(conditionSchema).min(1) }),
    z.strictObject({ not: conditionSchema }),
  ]),
);

const branchingSchema = z.strictObject({
  rules: z.array(z.strictObject({ when: conditionSchema, goto: z.union([stepNumber, z.literal("end")]), source: line.optional() })).optional(),
  otherwise: z.union([stepNumber, z.literal("end"), z.literal("submit")]),
});

const uploadSchema = z.strictObject({
  accept: z.array(z.enum(["image/jpeg", "image/png"])).min(1),
  minFiles: z.number().int().min(0),
  maxFiles: z.number().int().min(1).max(20),
  maxBytes: z.number().int().min(1).max(25 * 1024 * 1024),
});

const questionSchema = z.strictObject({
  id: slug,
  section: line.optional(),
  text: line,
  hint: line.optional(),
  kind: z.enum(["single", "multi", "text", "date", "upload", "measurements"]),
  options: z.array(z.string().trim().min(1).max(200)).min(2).optional(),
  textBox: z.boolean().optional(),
  textBoxLabel: line.optional(),
  textBoxPlaceholder: line.optional(),
  singleLine: z.boolean().optional(),
  autoComplete: z.string().regex(/^[a-z-]+$/).optional(),
  optional: z.boolean().optional(),
  requiredMessage: line.optional(),
  detailsRequiredWhen: conditionSchema.optional(),
  detailsRequiredMessage: line.optional(),
  invalidMessage: line.optional(),
  maxLength: z.number().int().min(1).max(MAX_TEXT_LENGTH).optional(),
  branching: branchingSchema.optional(),
  endMessage: line.optional(),
  source: line.optional(),
  upload: uploadSchema.optional(),
});

type Report = (message: string, path: (string | number)[]) => void;

const choiceKinds = new Set(["single", "multi"]);

/** Conditions that cannot fit their question (an option it lacks, a test for another kind). */
function checkCondition(condition: Condition, question: Question, path: (string | number)[], report: Report): void {
  const options = question.options ?? [];
  const needsOption = (value: string) => {
    if (!options.includes(value)) report(`"${value}" is not one of this question's options.`, path);
  };
  if ("equals" in condition || "oneOf" in condition) {
    if (question.kind !== "single") report("equals and oneOf apply to single-choice questions.", path);
    ("equals" in condition ? [condition.equals] : condition.oneOf).forEach(needsOption);
  } else if ("includes" in condition) {
    if (question.kind !== "multi") report("includes applies to multi-select questions.", path);
    needsOption(condition.includes);
  } else if ("ageUnder" in condition) {
    if (question.kind !== "date") report("ageUnder applies to date questions.", path);
  } else if ("bmiUnder" in condition) {
    if (question.kind !== "measurements") report("bmiUnder applies to measurements questions.", path);
  } else if ("any" in condition || "all" in condition) {
    const inner = "any" in condition ? condition.any : condition.all;
    inner.forEach((item, index) => checkCondition(item, question, [...path, "any" in condition ? "any" : "all", index], report));
  } else if ("not" in condition) {
    checkCondition(condition.not, question, [...path, "not"], report);
  }
}

function checkFields(question: Question, report: Report): void {
  const isChoice = choiceKinds.has(question.kind);
  const isText = question.kind === "text" || question.kind === "date";
  if (isChoice !== Boolean(question.options)) report(isChoice ? "A choice question needs options." : "Only choice questions have options.", ["options"]);
  if (question.options && new Set(question.options).size !== question.options.length) report("Options must be unique.", ["options"]);
  if (question.textBox && !isChoice) report("textBox adds a text box to a choice question.", ["textBox"]);
  if ((question.textBoxLabel || question.detailsRequiredWhen) && !question.textBox) report("This needs textBox: true.", ["textBox"]);
  if (question.textBoxPlaceholder && !question.textBox && !isText) report("Only questions with a text box have a placeholder.", ["textBoxPlaceholder"]);
  if ((question.singleLine || question.maxLength) && question.kind !== "text") report("singleLine and maxLength apply to text questions.", ["kind"]);
  if (question.autoComplete && !isText) report("autoComplete applies to text and date questions.", ["autoComplete"]);
  if (question.invalidMessage && question.kind !== "date") report("invalidMessage applies to date questions.", ["invalidMessage"]);
  if (question.requiredMessage && !isText) report("requiredMessage applies to text and date questions.", ["requiredMessage"]);
  if ((question.kind === "upload") !== Boolean(question.upload)) report("Upload questions, and only they, have upload rules.", ["upload"]);
  if (question.kind === "upload" && question.optional) report("An upload step is made optional with upload.minFiles: 0.", ["optional"]);
  if (question.upload && question.upload.minFiles > question.upload.maxFiles) report("minFiles exceeds maxFiles.", ["upload"]);
  if (question.detailsRequiredWhen) checkCondition(question.detailsRequiredWhen, question, ["detailsRequiredWhen"], report);
}

/** Targets exist and go forward, the last step submits; returns the steps it can lead to. */
function checkBranching(question: Question, step: number, count: number, report: Report): (number | "end" | "submit")[] {
  const targets = branchTargets(question, step, count, report);
  if (question.endMessage && !targets.includes("end")) report("endMessage is set but no branch ends here.", ["endMessage"]);
  return targets;
}

function branchTargets(question: Question, step: number, count: number, report: Report): (number | "end" | "submit")[] {
  if (!question.branching) return [step < count ? step + 1 : "submit"];
  const targets: (number | "end" | "submit")[] = [];
  const checkTarget = (target: number | "end" | "submit", path: (string | number)[]) => {
    if (typeof target === "number" && (target <= step || target > count)) report(`Step ${target} is not a later step of this questionnaire.`, path);
    targets.push(target);
  };
  question.branching.rules?.forEach((rule, index) => {
    checkCondition(rule.when, question, ["branching", "rules", index, "when"], report);
    checkTarget(rule.goto, ["branching", "rules", index, "goto"]);
  });
  checkTarget(question.branching.otherwise, ["branching", "otherwise"]);
  if (step === count && question.branching.otherwise !== "submit") report("The last step must submit.", ["branching", "otherwise"]);
  return targets;
}

/**
 * An assessment's extra invariants: its slug is its treatment type (the quiz's URL), every
 * rule carries its clinical source, and each product rule tests a real step (the last rule,
 * without a condition, is the default).
 */
function checkAssessment(definition: QuestionnaireDefinition, ctx: z.RefinementCtx): void {
  const settings = definition.assessment;
  if (!settings) return;
  const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
  if (settings.treatmentType !== definition.slug) issue("An assessment's slug is its treatment type.", ["assessment", "treatmentType"]);
  definition.steps.forEach((question, index) => {
    question.branching?.rules?.forEach((rule, ruleIndex) => {
      if (!rule.source && !question.source) issue("Every rule of an assessment needs a source note.", ["steps", index, "branching", "rules", ruleIndex, "source"]);
    });
  });
  settings.products.forEach((rule, index) => {
    const question = rule.step === undefined ? null : definition.steps[rule.step - 1];
    if (rule.when && !question) issue("A product rule with a condition names an existing step.", ["assessment", "products", index, "step"]);
    if (rule.when && question) checkCondition(rule.when, question, ["assessment", "products", index, "when"], (message, path) => issue(message, path));
  });
  if (settings.products.at(-1)?.when) issue("The last product rule is the default: no condition.", ["assessment", "products"]);
}

function checkDefinition(definition: QuestionnaireDefinition, ctx: z.RefinementCtx): void {
  checkAssessment(definition, ctx);
  const count = definition.steps.length;
  const reachable = new Set<number>([1]);
  const ids = new Set<string>();
  definition.steps.forEach((question, index) => {
    const step = index + 1;
    const report: Report = (message, path) => ctx.addIssue({ code: "custom", message, path: ["steps", index, ...path] });
    if (ids.has(question.id)) report(`The id "${question.id}" is used twice.`, ["id"]);
    ids.add(question.id);
    checkFields(question, report);
    const targets = checkBranching(question, step, count, report);
    if (!reachable.has(step)) report(`No path leads to step ${step}.`, []);
    else for (const target of targets) if (typeof target === "number") reachable.add(target);
  });
}

/** A questionnaire definition, and every invariant the engine relies on. */
export const questionnaireDefinitionSchema: z.ZodType<QuestionnaireDefinition> = z
  .strictObject({
    slug,
    title: line,
    version: z.number().int().min(1),
    source: line.optional(),
    assessment: z
      .strictObject({
        treatmentType: slug,
        validityDays: z.number().int().min(1).max(366),
        products: z.array(z.strictObject({ step: stepNumber.optional(), when: conditionSchema.optional(), product: slug, source: line.optional() })).min(1),
        description: z.string().trim().min(50).max(160),
      })
      .optional(),
    steps: z.array(questionSchema).min(1).max(100),
  })
  .superRefine(checkDefinition);
