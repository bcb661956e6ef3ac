import { bookingSteps } from "./booking-steps";

const base = { status: "CONFIRMED" as const, startsAt: "2026-12-01T10:00:00.000Z", dateLabel: "Tuesday 1 December 2026", time: "10:00 AM", feeWaived: false };
const states = (steps: ReturnType<typeof bookingSteps>) => steps.map((step) => `${step.key}:${step.state}`);

describe("bookingSteps", () => {
  it("shows an upcoming appointment as booked, then the appointment to come", () => {
    expect(states(bookingSteps(base, new Date("2026-11-30T10:00:00Z")))).toEqual(["booked:current", "appointment:upcoming"]);
  });
  it("moves to the appointment once its time has come", () => {
    expect(states(bookingSteps(base, new Date("2026-12-01T10:00:00Z")))).toEqual(["booked:done", "appointment:current"]);
  });
  it("ends a cancelled or refunded booking, and says a free one had no fee", () => {
    expect(states(bookingSteps({ ...base, status: "CANCELLED" }))).toEqual(["booked:done", "ended:current"]);
    expect(bookingSteps({ ...base, status: "REFUNDED" })[1]?.label).toBe("Refunded");
    expect(bookingSteps({ ...base, feeWaived: true }, new Date("2026-11-01T00:00:00Z"))[0]?.label).toBe("Booked (no fee)");
  });
  it("has exactly one current step whatever the status", () => {
    for (const status of ["PENDING_PAYMENT", "CONFIRMED", "EXPIRED", "CANCELLED", "REFUNDED"] as const) {
      expect(bookingSteps({ ...base, status }).filter((step) => step.state === "current")).toHaveLength(1);
    }
  });
});
