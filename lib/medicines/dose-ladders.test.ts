import { doseLadderFor, doseStep, isLadderDose, isOneStepOrSame, nextDose, previousDose, startingDose } from "./dose-ladders";

describe("the Mounjaro dose ladder (SmPC 4.2)", () => {
  it("runs 2.5 to 15 mg in 2.5 mg steps, once weekly", () => {
    expect(doseLadderFor("mounjaro")?.doses).toEqual(["2.5 mg", "5 mg", "7.5 mg", "10 mg", "12.5 mg", "15 mg"]);
    expect(doseLadderFor("mounjaro")?.frequency).toBe("once weekly");
  });

  it("starts at 2.5 mg", () => {
    expect(startingDose("mounjaro")).toBe("2.5 mg");
  });

  it("steps up one dose at a time and stops at 15 mg", () => {
    expect(nextDose("mounjaro", "2.5 mg")).toBe("5 mg");
    expect(nextDose("mounjaro", "12.5 mg")).toBe("15 mg");
    expect(nextDose("mounjaro", "15 mg")).toBeNull();
    expect(nextDose("mounjaro", "3 mg")).toBeNull();
  });

  it("knows the step below, none below the starting dose", () => {
    expect(previousDose("mounjaro", "7.5 mg")).toBe("5 mg");
    expect(previousDose("mounjaro", "2.5 mg")).toBeNull();
  });

  it("allows staying or one step up, never two steps, never down, never off the ladder", () => {
    expect(isOneStepOrSame("mounjaro", "5 mg", "5 mg")).toBe(true);
    expect(isOneStepOrSame("mounjaro", "5 mg", "7.5 mg")).toBe(true);
    expect(isOneStepOrSame("mounjaro", "5 mg", "10 mg")).toBe(false);
    expect(isOneStepOrSame("mounjaro", "5 mg", "2.5 mg")).toBe(false);
    expect(isOneStepOrSame("mounjaro", "15 mg", "17.5 mg")).toBe(false);
    expect(isOneStepOrSame("mounjaro", "6 mg", "6 mg")).toBe(false);
    expect(doseStep("mounjaro", "5 mg", "5 mg")).toBe("same");
    expect(doseStep("mounjaro", "5 mg", "7.5 mg")).toBe("up");
    expect(doseStep("mounjaro", "5 mg", "12.5 mg")).toBeNull();
  });

  it("has no ladder for other products", () => {
    expect(doseLadderFor("finasteride")).toBeNull();
    expect(startingDose("finasteride")).toBeNull();
    expect(isLadderDose("finasteride", "1 mg")).toBe(false);
    expect(isOneStepOrSame("finasteride", "1 mg", "1 mg")).toBe(false);
  });
});
