import { assessmentProduct } from "../assessment-product";
import { evaluateStep } from "../evaluate-step";
import type { Answers, QuestionnaireDefinition, StepAnswer } from "../types";
import { validateSubmission, walkPath } from "../walk-path";
import { getAssessmentDefinition, getQuestionnaireDefinition, listAssessmentTreatmentTypes } from "./index";

const ctx = { today: "2026-03-29" };
const pick = (choice: string | string[]): StepAnswer => ({ choice, text: "" });
const text = (value: string): StepAnswer => ({ choice: null, text: value });
const ADULT = text("1980-05-01");

function def(slug: string): QuestionnaireDefinition {
  const definition = getAssessmentDefinition(slug);
  if (!definition) throw new Error(`no assessment ${slug}`);
  return definition;
}

/** Where one step's answer leads: a step number, "submit", or the end message. */
function outcome(definition: QuestionnaireDefinition, step: number, answer: StepAnswer) {
  const result = evaluateStep(definition, step, answer, ctx);
  if (!result.ok) return { invalid: result.message };
  return result.outcome.kind === "next" ? result.outcome.step : result.outcome.kind === "submit" ? "submit" : { end: result.outcome.message };
}

const PASS = {
  minoxidilMan: { 1: pick("Male"), 3: ADULT, 4: pick("Gradual thinning on the top or crown of my head, or a receding hairline"), 5: pick("No"), 6: pick("No"), 7: pick("No"), 8: pick("I understand") },
  minoxidilWoman: { 1: pick("Female"), 2: pick("No"), 3: ADULT, 4: pick("Gradual thinning on the top or crown of my head, or a receding hairline"), 5: pick("No"), 6: pick("No"), 7: { choice: "Yes", text: "Hydrocortisone cream" }, 8: pick("I understand") },
  pde5: { 1: pick("Male"), 2: ADULT, 3: pick("Yes"), 4: pick("No"), 5: pick("No"), 6: pick("No"), 7: pick("No"), 8: pick("I understand") },
  mounjaroBmi30: { 1: ADULT, 2: pick("Male"), 4: text("180;97.2"), 6: pick("No"), 7: pick("No"), 8: pick("No"), 9: pick("No"), 10: pick("I understand") },
  mounjaroBmi28WithCondition: { 1: ADULT, 2: pick("Female"), 3: pick("No"), 4: text("165;76.2"), 5: pick(["High blood pressure"]), 6: pick("No"), 7: pick("No"), 8: pick("No"), 9: pick("No"), 10: pick("I understand") },
} satisfies Record<string, Answers>;

describe("the treatment assessments", () => {
  it("are the four of the catalogue, each a registered, schema-checked assessment keyed by its treatment type", () => {
    expect(listAssessmentTreatmentTypes().sort()).toEqual(["cialis", "minoxidil", "mounjaro", "viagra"]);
    expect(getAssessmentDefinition("prescription")).toBeNull();
    expect(getQuestionnaireDefinition("prescription")?.assessment).toBeUndefined();
    for (const slug of listAssessmentTreatmentTypes()) {
      const definition = def(slug);
      expect(definition.assessment?.treatmentType).toBe(slug);
      // Every rule carries its clinical source.
      for (const question of definition.steps) for (const rule of question.branching?.rules ?? []) expect(rule.source ?? question.source).toBeTruthy();
    }
  });

  it.each([
    ["minoxidil", PASS.minoxidilMan, "minoxidil-5-men"],
    ["minoxidil", PASS.minoxidilWoman, "minoxidil-2-women"],
    ["viagra", PASS.pde5, "viagra"],
    ["cialis", PASS.pde5, "cialis"],
    ["mounjaro", PASS.mounjaroBmi30, "mounjaro"],
    ["mounjaro", PASS.mounjaroBmi28WithCondition, "mounjaro"],
  ])("%s: a passing path submits and allows %s", (slug, answers, product) => {
    const definition = def(slug);
    expect(validateSubmission(definition, answers, ctx)).toMatchObject({ ok: true });
    expect(assessmentProduct(definition, answers, ctx)).toBe(product);
  });
});

describe("minoxidil", () => {
  const d = () => def("minoxidil");
  it("asks women about pregnancy and ends if pregnant or breastfeeding", () => {
    expect(outcome(d(), 1, pick("Female"))).toBe(2);
    expect(outcome(d(), 1, pick("Male"))).toBe(3);
    expect(outcome(d(), 2, pick("Yes"))).toEqual({ end: expect.stringContaining("must not be used during pregnancy") });
    expect(outcome(d(), 2, pick("No"))).toBe(3);
  });
  it("is for adults 18 to 65 on the day, in UK time", () => {
    expect(outcome(d(), 3, text("2008-03-29"))).toBe(4); // 18 today
    expect(outcome(d(), 3, text("2008-03-30"))).toEqual({ end: expect.stringContaining("aged 18 to 65") }); // 18 tomorrow
    expect(outcome(d(), 3, text("1960-03-30"))).toBe(4); // 65
    expect(outcome(d(), 3, text("1960-03-29"))).toEqual({ end: expect.stringContaining("aged 18 to 65") }); // 66 today
  });
  it("ends for sudden, patchy or body-wide loss, a sore scalp and heart problems", () => {
    expect(outcome(d(), 4, pick("Sudden shedding, or hair coming out in patches"))).toEqual({ end: expect.stringContaining("doctor's assessment") });
    expect(outcome(d(), 4, pick("Hair loss on other parts of my body too"))).toEqual({ end: expect.stringContaining("doctor's assessment") });
    expect(outcome(d(), 5, pick("Yes"))).toEqual({ end: expect.stringContaining("inflamed or damaged scalp") });
    expect(outcome(d(), 6, pick("Yes"))).toEqual({ end: expect.stringContaining("heart and blood pressure") });
  });
  it("needs the names of other scalp medicines, and ends when the patient has a question first", () => {
    expect(outcome(d(), 7, pick("Yes"))).toEqual({ invalid: "Please tell us which medicines you use on your scalp." });
    expect(outcome(d(), 7, { choice: "Yes", text: "Ketoconazole shampoo" })).toBe(8);
    expect(outcome(d(), 8, pick("I have a question first"))).toEqual({ end: expect.stringContaining("Please book a consultation") });
    expect(outcome(d(), 8, pick("I understand"))).toBe("submit");
  });
});

describe.each(["viagra", "cialis"])("%s", (slug) => {
  const d = () => def(slug);
  it.each([
    [1, pick("Female"), "licensed for men"],
    [2, text("2008-03-30"), "Must be 18 or older."],
    [3, pick("No"), "treats erectile dysfunction"],
    [4, pick("Yes"), "must never be taken with nitrates"],
    [5, pick("Yes"), "strain the heart"],
    [6, pick("Yes"), "blood pressure, liver and eye conditions"],
    [8, pick("I have a question first"), "Please book a consultation"],
  ])("step %i ends with a reason", (step, answer, reason) => {
    expect(outcome(d(), step, answer)).toEqual({ end: expect.stringContaining(reason) });
  });
  it("is open to men from their 18th birthday, and needs other medicines listed", () => {
    expect(outcome(d(), 2, text("2008-03-29"))).toBe(3);
    expect(outcome(d(), 7, pick("Yes"))).toEqual({ invalid: "Please list the medicines you take." });
    expect(outcome(d(), 7, { choice: "Yes", text: "Tamsulosin" })).toBe(8);
  });
  it("refuses a nitrate user even if every other answer passes", () => {
    expect(walkPath(d(), { ...PASS.pde5, 4: pick("Yes") }, ctx)).toMatchObject({ ok: false, step: 4 });
  });
});

describe("mounjaro", () => {
  const d = () => def("mounjaro");
  it("ends under 18 and over 75, and for pregnancy", () => {
    expect(outcome(d(), 1, text("2008-03-30"))).toEqual({ end: expect.stringContaining("aged 18 to 75") });
    expect(outcome(d(), 1, text("1950-03-29"))).toEqual({ end: expect.stringContaining("aged 18 to 75") });
    expect(outcome(d(), 1, text("1950-03-30"))).toBe(2);
    expect(outcome(d(), 3, pick("Yes"))).toEqual({ end: expect.stringContaining("pregnancy") });
  });
  // 1.80 m: BMI = kg / 3.24. 87.2 kg → 26.9; 87.5 → 27.0; 97.0 → 29.9; 97.2 → 30.0.
  it.each([
    ["180;87.2", { end: expect.stringContaining("BMI of 30 or more") }],
    ["180;87.5", 5],
    ["180;97", 5],
    ["180;97.2", 6],
  ])("BMI edge %s", (measurements, expected) => {
    expect(outcome(d(), 4, text(measurements))).toEqual(expected);
  });
  it("at BMI 27 to 29.9 needs a weight-related condition", () => {
    expect(outcome(d(), 5, pick(["None of these"]))).toEqual({ end: expect.stringContaining("weight-related health condition") });
    expect(outcome(d(), 5, pick(["Type 2 diabetes or prediabetes", "Heart disease"]))).toBe(6);
    expect(outcome(d(), 5, pick([]))).toEqual({ invalid: "Select at least one option." });
  });
  it("explains a missing or impossible height or weight", () => {
    expect(outcome(d(), 4, text(""))).toEqual({ invalid: "Please enter your height in centimetres." });
    expect(outcome(d(), 4, text("180;"))).toEqual({ invalid: "Please enter your weight in kilograms." });
    expect(outcome(d(), 4, text("18;80"))).toEqual({ invalid: "Please enter a height between 120 and 230 cm." });
    expect(outcome(d(), 4, text("180;800"))).toEqual({ invalid: "Please enter a weight between 30 and 300 kg." });
    expect(outcome(d(), 4, text("abc;80"))).toEqual({ invalid: "Please enter your height in centimetres." });
  });
  it.each([
    [6, "pancreatitis"],
    [7, "medullary thyroid cancer"],
    [8, "doctor's care"],
  ])("step %i ends on Yes (%s)", (step, reason) => {
    expect(outcome(d(), step, pick("Yes"))).toEqual({ end: expect.stringContaining(reason) });
  });
});
