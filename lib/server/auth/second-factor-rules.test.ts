import { isStaffRole, needsSecondFactor } from "./second-factor-rules";

describe("needsSecondFactor", () => {
  it.each(["PHARMACIST", "PRESCRIBER", "ADMIN", "PHARMACY"])("is required for every staff role, including ones added later (%s)", (role) => {
    expect(needsSecondFactor({ role, totpEnabledAt: null })).toBe(true);
    expect(isStaffRole(role)).toBe(true);
  });

  it("is optional for patients: only once they turned TOTP on", () => {
    expect(needsSecondFactor({ role: "CUSTOMER", totpEnabledAt: null })).toBe(false);
    expect(needsSecondFactor({ role: "CUSTOMER", totpEnabledAt: new Date() })).toBe(true);
    expect(isStaffRole("CUSTOMER")).toBe(false);
  });
});
