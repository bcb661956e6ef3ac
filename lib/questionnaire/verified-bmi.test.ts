import answers from "@/tests/fixtures/assessment-answers.json";
import { mounjaroAssessment } from "./definitions/mounjaro";
import type { Answers } from "./types";
import { verifiedBmiOutcome } from "./verified-bmi";

const ctx = { today: "2026-11-26" };
const passing = Object.fromEntries(Object.entries(answers.mounjaro).map(([step, a]) => [Number(step), { choice: "choice" in a ? (a.choice as string) : null, text: "text" in a ? (a.text as string) : "" }])) as Answers;

describe("verifiedBmiOutcome (the assessment's BMI rule on the verified weight)", () => {
  it("passes when the verified weight keeps the BMI at or above 30, with the assessment's height", () => {
    expect(verifiedBmiOutcome(mounjaroAssessment, passing, 101.5, ctx, "Mounjaro")).toEqual({ heightCm: 180, weightKg: 101.5, bmi: 31.3, passed: true, failure: null });
  });

  it("fails below the definition's lowest threshold even though the self-reported BMI passed", () => {
    const outcome = verifiedBmiOutcome(mounjaroAssessment, passing, 84.6, ctx, "Mounjaro");
    expect(outcome).toMatchObject({ bmi: 26.1, passed: false, failure: "Verified BMI 26.1 is below the 27 threshold for Mounjaro: decline the order." });
  });

  it("fails between 27 and 30 when the patient was never asked about a weight-related condition", () => {
    const outcome = verifiedBmiOutcome(mounjaroAssessment, passing, 90, ctx, "Mounjaro");
    expect(outcome?.passed).toBe(false);
    expect(outcome?.failure).toMatch(/^Verified BMI 27\.8 needs the assessment's answer to "Do you have any of these conditions\?"/);
  });

  it("passes between 27 and 30 when the assessment recorded a weight-related condition", () => {
    const withCondition = { ...passing, 5: { choice: ["High blood pressure"], text: "" } };
    expect(verifiedBmiOutcome(mounjaroAssessment, withCondition, 90, ctx, "Mounjaro")?.passed).toBe(true);
  });

  it("has no outcome without a usable height or for a weight out of range", () => {
    expect(verifiedBmiOutcome(mounjaroAssessment, { ...passing, 4: { choice: null, text: "" } }, 90, ctx, "Mounjaro")).toBeNull();
    expect(verifiedBmiOutcome(mounjaroAssessment, passing, 12, ctx, "Mounjaro")).toBeNull();
  });
});
