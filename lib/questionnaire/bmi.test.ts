import { bmiOf, joinMeasurements, measurementsProblem, parseMeasurements, splitMeasurements } from "./bmi";

describe("measurements and BMI", () => {
  it("computes BMI to one decimal place from centimetres and kilograms", () => {
    expect(bmiOf("180;97.2")).toBe(30);
    expect(bmiOf("165;76.2")).toBe(28);
    expect(bmiOf("180;87.2")).toBe(26.9);
    expect(bmiOf("nonsense")).toBeNull();
  });
  it("parses, splits and joins the stored form", () => {
    expect(parseMeasurements("175;82.5")).toEqual({ heightCm: 175, weightKg: 82.5 });
    expect(splitMeasurements("175")).toEqual({ height: "175", weight: "" });
    expect(joinMeasurements(" 175 ", "82.5")).toBe("175;82.5");
    expect(joinMeasurements("", "")).toBe("");
  });
  it.each([
    ["", "Please enter your height in centimetres."],
    ["5'11;80", "Please enter your height in centimetres."],
    ["119;80", "Please enter a height between 120 and 230 cm."],
    ["231;80", "Please enter a height between 120 and 230 cm."],
    ["175;29", "Please enter a weight between 30 and 300 kg."],
    ["175;82.55", "Please enter your weight in kilograms."],
    ["175;-3", "Please enter your weight in kilograms."],
  ])("refuses %s", (input, message) => expect(measurementsProblem(input)).toBe(message));
  it("accepts the limits", () => {
    expect(measurementsProblem("120;30")).toBeNull();
    expect(measurementsProblem("230;300")).toBeNull();
  });
});
