import { isPrescriptionExpired, prescriptionExpiresAt } from "./prescription-validity";

describe("prescriptionExpiresAt", () => {
  it.each([
    ["2026-01-15T10:30:00.000Z", "2026-07-15T10:30:00.000Z"],
    ["2026-08-31T09:00:00.000Z", "2027-02-28T09:00:00.000Z"],
    ["2027-08-31T09:00:00.000Z", "2028-02-29T09:00:00.000Z"],
    ["2026-12-31T23:59:59.000Z", "2027-06-30T23:59:59.000Z"],
    ["2026-07-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
  ])("six calendar months after %s is %s (as PostgreSQL adds an interval)", (issued, expires) => {
    expect(prescriptionExpiresAt(new Date(issued)).toISOString()).toBe(expires);
  });

  it("is expired from that instant on, not before", () => {
    const issued = new Date("2026-01-15T10:30:00.000Z");
    expect(isPrescriptionExpired(issued, new Date("2026-07-15T10:29:59.999Z"))).toBe(false);
    expect(isPrescriptionExpired(issued, new Date("2026-07-15T10:30:00.000Z"))).toBe(true);
  });
});
