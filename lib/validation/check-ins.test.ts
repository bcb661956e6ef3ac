import { approveCheckInSchema, referCheckInSchema, submitCheckInSchema } from "./check-ins";

const answers = { side_effects: "none", new_conditions: "none", continue: "yes" } as const;

describe("check-in schemas", () => {
  it("reads a weight given as a number or as text with a comma, to one decimal", () => {
    expect(submitCheckInSchema.parse({ ...answers, weight_kg: 92.44 }).weight_kg).toBe(92.4);
    expect(submitCheckInSchema.parse({ ...answers, weight_kg: " 88,5 " }).weight_kg).toBe(88.5);
    expect(submitCheckInSchema.parse(answers).weight_kg).toBeUndefined();
  });

  it.each([29.9, 351, "heavy", "", null])("refuses the weight %p with a sentence in kilograms", (weight_kg) => {
    const parsed = submitCheckInSchema.safeParse({ ...answers, weight_kg });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain("kilograms");
  });

  it("needs the details when side effects or new conditions are reported", () => {
    const parsed = submitCheckInSchema.safeParse({ ...answers, side_effects: "yes", new_conditions: "yes", new_conditions_detail: "  " });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["side_effects_detail", "new_conditions_detail"]);
    expect(submitCheckInSchema.safeParse({ ...answers, side_effects: "yes", side_effects_detail: "Headaches" }).success).toBe(true);
  });

  it("refuses an unknown choice to continue, and a referral without a reason", () => {
    expect(submitCheckInSchema.safeParse({ ...answers, continue: "maybe" }).success).toBe(false);
    expect(referCheckInSchema.safeParse({ note: "short" }).success).toBe(false);
    expect(approveCheckInSchema.parse({})).toEqual({ note: "" });
  });
});
