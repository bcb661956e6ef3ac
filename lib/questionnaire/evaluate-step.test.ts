import { prescriptionQuestionnaire as def } from "./definitions/prescription";
import { evaluateStep, getQuestion, stepCount } from "./evaluate-step";
import type { StepAnswer, StepResult } from "./types";

const ctx = { today: "2026-06-15" };

function pick(choice: string | string[] | null, text = ""): StepAnswer {
  return { choice, text };
}
const write = (text: string) => pick(null, text);
const next = (step: number): StepResult => ({ ok: true, outcome: { kind: "next", step } });
const end = (message: string): StepResult => ({ ok: true, outcome: { kind: "end", message } });
const invalid = (message: string): StepResult => ({ ok: false, message });

describe("evaluateStep on the prescription questionnaire (spec section 5)", () => {
  it("has 20 steps with the spec's section headings on steps 1, 9, 15 and 20", () => {
    expect(stepCount(def)).toBe(20);
    const sections = def.steps.flatMap((q, i) => (q.section ? [[i + 1, q.section]] : []));
    expect(sections).toEqual([
      [1, "Personal Information"],
      [9, "Hair & Scalp Assessment"],
      [15, "Family & Lifestyle"],
      [20, "Optional Uploads"],
    ]);
    expect(getQuestion(def, 0)).toBeNull();
    expect(getQuestion(def, 21)).toBeNull();
  });

  it("step 1 Full Name: empty ends with the name message as the validation line; else 2", () => {
    expect(evaluateStep(def, 1, write(""), ctx)).toEqual(invalid("Please enter your full name."));
    expect(evaluateStep(def, 1, write("   "), ctx)).toEqual(invalid("Please enter your full name."));
    expect(evaluateStep(def, 1, write("Ada Lovelace"), ctx)).toEqual(next(2));
  });

  it("step 2 Date of Birth: under 18 ends with 'Must be 18 or older.'; else 3; bad dates refused", () => {
    expect(evaluateStep(def, 2, write("2008-06-16"), ctx)).toEqual(end("Must be 18 or older."));
    expect(evaluateStep(def, 2, write("2008-06-15"), ctx)).toEqual(next(3));
    expect(evaluateStep(def, 2, write("1980-01-31"), ctx)).toEqual(next(3));
    expect(evaluateStep(def, 2, write(""), ctx)).toEqual(invalid("Please enter your date of birth."));
    for (const bad of ["2026-06-16", "1990-02-30", "15/06/1990", "1990-6-1", "1890-01-01", "not a date"]) {
      expect(evaluateStep(def, 2, write(bad), ctx)).toEqual(invalid("Please enter a valid date of birth."));
    }
  });

  it("step 3 Gender: no answer → 'Please select an answer.'; each option → 4", () => {
    expect(evaluateStep(def, 3, pick(null), ctx)).toEqual(invalid("Please select an answer."));
    for (const option of ["Male", "Female", "Other"]) expect(evaluateStep(def, 3, pick(option), ctx)).toEqual(next(4));
    expect(evaluateStep(def, 3, pick("Unknown"), ctx)).toEqual(invalid("Please choose from the options shown."));
  });

  it("step 4 health conditions: Yes → 5, No → 6, the text box optional", () => {
    expect(evaluateStep(def, 4, pick("Yes"), ctx)).toEqual(next(5));
    expect(evaluateStep(def, 4, pick("No", "asthma as a child"), ctx)).toEqual(next(6));
    expect(evaluateStep(def, 4, pick(null), ctx)).toEqual(invalid("Please select an answer."));
  });

  it.each([
    [5, 6],
    [8, 9],
    [10, 11],
    [14, 15],
  ])("plain text step %i may be left empty (only a branch that ends requires text), then goes to %i", (step, to) => {
    expect(evaluateStep(def, step, write(""), ctx)).toEqual(next(to));
    expect(evaluateStep(def, step, write("  \n "), ctx)).toEqual(next(to));
    expect(evaluateStep(def, step, write("Some details"), ctx)).toEqual(next(to));
  });

  it("step 6 medications: → 7, and Yes needs the medicines listed", () => {
    expect(evaluateStep(def, 6, pick("Yes"), ctx)).toEqual(invalid("Please provide details."));
    expect(evaluateStep(def, 6, pick("Yes", "Finasteride 1 mg"), ctx)).toEqual(next(7));
    expect(evaluateStep(def, 6, pick("No"), ctx)).toEqual(next(7));
  });

  it("step 7 allergies: Yes → 8, No → 9", () => {
    expect(evaluateStep(def, 7, pick("Yes"), ctx)).toEqual(next(8));
    expect(evaluateStep(def, 7, pick("No"), ctx)).toEqual(next(9));
  });

  it("step 9 hair concerns (multi-select): nothing → 'Select at least one option.'; includes Other → 10; else 11", () => {
    expect(evaluateStep(def, 9, pick(null), ctx)).toEqual(invalid("Select at least one option."));
    expect(evaluateStep(def, 9, pick([]), ctx)).toEqual(invalid("Select at least one option."));
    expect(evaluateStep(def, 9, pick(["Thinning", "Other"]), ctx)).toEqual(next(10));
    expect(evaluateStep(def, 9, pick(["Other"]), ctx)).toEqual(next(10));
    expect(evaluateStep(def, 9, pick(["Thinning", "Bald patches", "Shedding"]), ctx)).toEqual(next(11));
    expect(evaluateStep(def, 9, pick(["Thinning", "Itchy"]), ctx)).toEqual(invalid("Please choose from the options shown."));
    expect(evaluateStep(def, 9, pick("Thinning"), ctx)).toEqual(invalid("Please choose from the options shown."));
  });

  it("step 11 duration: <3 months ends with the recent-loss message; else 12", () => {
    expect(evaluateStep(def, 11, pick("<3 months"), ctx)).toEqual(end("Consult a professional for recent loss."));
    expect(evaluateStep(def, 11, pick("3-6 months"), ctx)).toEqual(next(12));
    expect(evaluateStep(def, 11, pick(">6 months"), ctx)).toEqual(next(12));
  });

  it("step 12 Minoxidil: Yes → 13, No → 14; step 13 → 14", () => {
    expect(evaluateStep(def, 12, pick("Yes"), ctx)).toEqual(next(13));
    expect(evaluateStep(def, 12, pick("No"), ctx)).toEqual(next(14));
    for (const option of ["Yes", "No", "Not sure"]) expect(evaluateStep(def, 13, pick(option), ctx)).toEqual(next(14));
  });

  it.each([
    [15, ["Yes", "No"]],
    [16, ["1-2 times", "3-4 times", "Daily"]],
    [17, ["Tap", "Filtered", "Hard"]],
    [18, ["Yes", "No"]],
    [19, ["Balanced", "Low protein", "High sugar", "Vegan"]],
  ])("step %i: every option leads to the next step, none is refused", (step, options) => {
    expect(getQuestion(def, step)?.options).toEqual(options);
    for (const option of options) expect(evaluateStep(def, step, pick(option), ctx)).toEqual(next(step + 1));
    expect(evaluateStep(def, step, pick(null), ctx)).toEqual(invalid("Please select an answer."));
  });

  it("step 20 upload: optional, submits; more than 5 photos refused", () => {
    expect(evaluateStep(def, 20, pick(null), ctx)).toEqual({ ok: true, outcome: { kind: "submit" } });
    expect(evaluateStep(def, 20, pick(null), { ...ctx, photoCount: 3 })).toEqual({ ok: true, outcome: { kind: "submit" } });
    expect(evaluateStep(def, 20, pick(null), { ...ctx, photoCount: 6 })).toEqual(invalid("You can upload up to 5 photos."));
  });
});

describe("evaluateStep's guards against answers that do not fit", () => {
  it("refuses text on a question without a text box, and a choice on a text question", () => {
    expect(evaluateStep(def, 3, pick("Male", "note"), ctx)).toEqual(invalid("This question does not take a written answer."));
    expect(evaluateStep(def, 1, pick("Yes", "Ada"), ctx)).toEqual(invalid("This question does not take a choice."));
    expect(evaluateStep(def, 20, write("hello"), ctx)).toEqual(invalid("This question does not take a written answer."));
  });

  it("limits free text to 2000 characters (the name to 200)", () => {
    expect(evaluateStep(def, 5, write("x".repeat(2000)), ctx)).toEqual(next(6));
    expect(evaluateStep(def, 5, write("x".repeat(2001)), ctx)).toEqual(invalid("Please keep your answer to 2000 characters or fewer."));
    expect(evaluateStep(def, 1, write("x".repeat(201)), ctx)).toEqual(invalid("Please keep your answer to 200 characters or fewer."));
  });

  it("answers an unknown step or a malformed answer with a message, never a throw", () => {
    expect(evaluateStep(def, 21, write("x"), ctx)).toEqual(invalid("This question does not exist."));
    const malformed = { choice: 7, text: undefined } as unknown as StepAnswer;
    expect(evaluateStep(def, 3, malformed, ctx)).toEqual(invalid("Please choose from the options shown."));
  });
});
