import { declineOrderSchema, orderParamsSchema, ORDER_NOT_FOUND } from "./order-review";
import { CASE_NOT_FOUND, declinePrescriptionSchema, reviewCaseParamsSchema } from "./prescription-review";
import { reviewActionSchema } from "./staff-review";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe("the shared staff review fields, as each kind composes them", () => {
  it("refuses a malformed id with the kind's not-found message", () => {
    expect(messageOf(orderParamsSchema.safeParse({ id: "nope" }))).toBe(ORDER_NOT_FOUND);
    expect(messageOf(reviewCaseParamsSchema.safeParse({ id: "nope" }))).toBe(CASE_NOT_FOUND);
    expect(reviewCaseParamsSchema.parse({ id: "00000000-0000-4000-8000-000000000000" })).toEqual({ id: "00000000-0000-4000-8000-000000000000" });
  });

  it("asks for a decline reason of a sentence, trimmed, up to each kind's limit", () => {
    for (const schema of [declineOrderSchema, declinePrescriptionSchema]) {
      expect(messageOf(schema.safeParse({}))).toBe("Give the reason for declining.");
      expect(messageOf(schema.safeParse({ reason: "   too short   " }))).toBe("Give the reason for declining in a sentence (at least 10 characters).");
      expect(schema.parse({ reason: "  Not suitable with your heart condition.  " })).toEqual({ reason: "Not suitable with your heart condition." });
    }
    expect(messageOf(declineOrderSchema.safeParse({ reason: "x".repeat(1001) }))).toBe("The reason must be at most 1000 characters.");
    expect(declinePrescriptionSchema.safeParse({ reason: "x".repeat(1001) }).success).toBe(true);
    expect(messageOf(declinePrescriptionSchema.safeParse({ reason: "x".repeat(2001) }))).toBe("The reason must be at most 2000 characters.");
  });

  it("takes claim and release with no body", () => {
    expect(reviewActionSchema.parse({})).toEqual({});
  });
});
