import { questionnaireDefinitionSchema } from "./definition-schema";
import { evaluateStep } from "./evaluate-step";
import type { Question, QuestionnaireDefinition } from "./types";
import { validateSubmission } from "./walk-path";

function definition(steps: Question[]): QuestionnaireDefinition {
  return { slug: "sample", title: "Sample", version: 1, steps };
}

const yesNo = (id: string, extra: Partial<Question> = {}): Question => ({ id, text: `${id}?`, kind: "single", options: ["Yes", "No"], ...extra });

/** The messages the schema gives for a definition (empty when it passes). */
function problems(def: unknown): string[] {
  const result = questionnaireDefinitionSchema.safeParse(def);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("questionnaireDefinitionSchema", () => {
  it("accepts a small assessment with branching, a source note and an ending", () => {
    const def = definition([
      yesNo("pregnant", { branching: { rules: [{ when: { equals: "Yes" }, goto: "end" }], otherwise: 2 }, endMessage: "Not suitable in pregnancy.", source: "SmPC 4.6" }),
      { id: "dob", text: "Date of birth", kind: "date", branching: { rules: [{ when: { any: [{ ageUnder: 18 }, { not: { ageUnder: 66 } }] }, goto: "end" }], otherwise: "submit" }, endMessage: "Only for ages 18 to 65." },
    ]);
    expect(problems(def)).toEqual([]);
    // The combined condition runs as written: ages 18 to 65 submit, others end.
    const ctx = { today: "2026-06-15" };
    const at = (dob: string) => evaluateStep(def, 2, { choice: null, text: dob }, ctx);
    expect(at("1990-01-01")).toEqual({ ok: true, outcome: { kind: "submit" } });
    expect(at("1960-06-16")).toEqual({ ok: true, outcome: { kind: "submit" } });
    expect(at("1960-06-15")).toEqual({ ok: true, outcome: { kind: "end", message: "Only for ages 18 to 65." } });
    expect(at("2010-01-01")).toEqual({ ok: true, outcome: { kind: "end", message: "Only for ages 18 to 65." } });
    expect(evaluateStep(def, 1, { choice: "Yes", text: "" }, ctx)).toEqual({ ok: true, outcome: { kind: "end", message: "Not suitable in pregnancy." } });
  });

  it.each<[string, Question[], string]>([
    ["a goto backwards", [yesNo("a"), yesNo("b", { branching: { rules: [{ when: { equals: "Yes" }, goto: 1 }], otherwise: "submit" } })], "steps.1.branching.rules.0.goto: Step 1 is not a later step of this questionnaire."],
    ["a goto past the end", [yesNo("a", { branching: { otherwise: 3 } }), yesNo("b")], "steps.0.branching.otherwise: Step 3 is not a later step of this questionnaire."],
    ["a last step that does not submit", [yesNo("a"), yesNo("b", { branching: { otherwise: "end" } })], "steps.1.branching.otherwise: The last step must submit."],
    ["a choice question without options", [{ id: "a", text: "A?", kind: "single" }], "steps.0.options: A choice question needs options."],
    ["options on a text question", [{ id: "a", text: "A?", kind: "text", options: ["x", "y"] }], "steps.0.options: Only choice questions have options."],
    ["a condition naming an option the question lacks", [yesNo("a", { branching: { rules: [{ when: { equals: "Maybe" }, goto: 2 }], otherwise: 2 } }), yesNo("b")], 'steps.0.branching.rules.0.when: "Maybe" is not one of this question\'s options.'],
    ["includes on a single-choice question", [yesNo("a", { branching: { rules: [{ when: { includes: "Yes" }, goto: 2 }], otherwise: 2 } }), yesNo("b")], "steps.0.branching.rules.0.when: includes applies to multi-select questions."],
    ["an unreachable step", [yesNo("a", { branching: { otherwise: 3 } }), yesNo("b"), yesNo("c")], "steps.1: No path leads to step 2."],
    ["a duplicate id", [yesNo("a"), yesNo("a")], 'steps.1.id: The id "a" is used twice.'],
    ["an endMessage no branch uses", [yesNo("a", { endMessage: "Stop." })], "steps.0.endMessage: endMessage is set but no branch ends here."],
    ["details required without a text box", [yesNo("a", { detailsRequiredWhen: { equals: "Yes" } })], "steps.0.textBox: This needs textBox: true."],
    ["an upload step without rules", [{ id: "a", text: "Photos", kind: "upload" }], "steps.0.upload: Upload questions, and only they, have upload rules."],
  ])("refuses %s", (_name, steps, message) => {
    expect(problems(definition(steps))).toContain(message);
  });

  it("refuses a misspelt key, a bad slug and an empty questionnaire", () => {
    expect(problems({ ...definition([yesNo("a")]), steps: [{ ...yesNo("a"), textbox: true }] })[0]).toMatch(/textbox/);
    expect(problems({ ...definition([yesNo("a")]), slug: "Bad Slug" })[0]).toMatch(/^slug:/);
    expect(problems(definition([]))[0]).toMatch(/^steps:/);
  });

  it("refuses a source note of more than one line", () => {
    expect(problems(definition([yesNo("a", { source: "NICE CKS\nline two" })]))).toContain("steps.0.source: Keep it to one line.");
  });
});

describe("an upload step the branching skips", () => {
  it("must have no photos", () => {
    const def = definition([
      yesNo("a", { branching: { rules: [{ when: { equals: "No" }, goto: 3 }], otherwise: 2 } }),
      { id: "photos", text: "Photos", kind: "upload", upload: { accept: ["image/png"], minFiles: 1, maxFiles: 2, maxBytes: 1000 } },
      yesNo("c"),
    ]);
    expect(problems(def)).toEqual([]);
    const answers = { 1: { choice: "No", text: "" }, 3: { choice: "Yes", text: "" } };
    expect(validateSubmission(def, answers, { today: "2026-01-01", photoCount: 0 })).toEqual({ ok: true, steps: [1, 3] });
    expect(validateSubmission(def, answers, { today: "2026-01-01", photoCount: 1 })).toMatchObject({ ok: false, step: 2 });
    expect(validateSubmission(def, { ...answers, 1: { choice: "Yes", text: "" } }, { today: "2026-01-01", photoCount: 0 })).toEqual({
      ok: false,
      step: 2,
      message: "Please upload a photo.",
    });
  });
});

describe("assessment definitions", () => {
  const assessment = (extra: Partial<QuestionnaireDefinition> = {}, steps?: Question[]): QuestionnaireDefinition => ({
    slug: "sample",
    title: "Sample",
    version: 1,
    assessment: { treatmentType: "sample", validityDays: 90, products: [{ step: 1, when: { equals: "Yes" }, product: "a" }, { product: "b" }], description: "A description that is long enough to be a real meta description." },
    steps: steps ?? [yesNo("q", { branching: { rules: [{ when: { equals: "No" }, goto: "end", source: "SmPC 4.3" }], otherwise: "submit" }, endMessage: "Not suitable." })],
    ...extra,
  });

  it("accepts a well-formed assessment", () => {
    expect(problems(assessment())).toEqual([]);
  });

  it("needs a source note on every rule, the treatment type as slug, and a default product last", () => {
    const noSource = assessment({}, [yesNo("q", { branching: { rules: [{ when: { equals: "No" }, goto: "end" }], otherwise: "submit" }, endMessage: "Not suitable." })]);
    expect(problems(noSource)).toEqual([expect.stringContaining("needs a source note")]);
    expect(problems(assessment({ slug: "other" }))).toEqual([expect.stringContaining("slug is its treatment type")]);
    const settings = assessment().assessment!;
    expect(problems(assessment({ assessment: { ...settings, products: [{ step: 1, when: { equals: "Yes" }, product: "a" }] } }))).toEqual([expect.stringContaining("default")]);
    expect(problems(assessment({ assessment: { ...settings, products: [{ step: 9, when: { equals: "Yes" }, product: "a" }, { product: "b" }] } }))).toEqual([expect.stringContaining("existing step")]);
  });

  it("allows bmiUnder on a measurements question only", () => {
    const bmiOn = (kind: Question["kind"]) =>
      assessment({ assessment: { ...assessment().assessment!, products: [{ product: "b" }] } }, [
        { id: "m", text: "Height and weight", kind, ...(kind === "single" ? { options: ["Yes", "No"] } : {}), branching: { rules: [{ when: { bmiUnder: 27 }, goto: "end", source: "SmPC 4.1" }], otherwise: "submit" }, endMessage: "BMI too low." },
      ]);
    expect(problems(bmiOn("measurements"))).toEqual([]);
    expect(problems(bmiOn("single"))).toEqual([expect.stringContaining("bmiUnder applies to measurements questions")]);
  });
});
