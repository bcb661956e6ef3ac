import { recordWeightSchema } from "./weight-verification";

describe("recordWeightSchema (the pharmacist's verified weight)", () => {
  it("takes the form's text or the API's number, to one decimal place, with the method and a trimmed note", () => {
    expect(recordWeightSchema.parse({ weight_kg: " 92.4 ", method: "PHOTO", note: "  Clear photo. " })).toEqual({ weight_kg: 92.4, method: "PHOTO", note: "Clear photo." });
    expect(recordWeightSchema.parse({ weight_kg: 101, method: "IN_PERSON" })).toEqual({ weight_kg: 101, method: "IN_PERSON", note: "" });
  });

  it.each([
    [{ weight_kg: "", method: "PHOTO" }, "weight_kg", /Enter the verified weight/],
    [{ weight_kg: "92.45", method: "PHOTO" }, "weight_kg", /one decimal place/],
    [{ weight_kg: "-80", method: "PHOTO" }, "weight_kg", /Enter the verified weight/],
    [{ weight_kg: 29.9, method: "PHOTO" }, "weight_kg", /between 30 and 300 kg/],
    [{ weight_kg: 300.1, method: "PHOTO" }, "weight_kg", /between 30 and 300 kg/],
    [{ weight_kg: 90, method: "SELF_REPORTED" }, "method", /Choose how the weight was verified/],
    [{ weight_kg: 90, method: "PHOTO", note: "x".repeat(501) }, "note", /at most 500 characters/],
  ])("refuses %j with a message on %s", (input, field, message) => {
    const parsed = recordWeightSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toMatch(message);
  });
});
