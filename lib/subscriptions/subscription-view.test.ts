import { periodEnd } from "@/stripe-sandbox/billing.mjs";
import { makeUserSubscription } from "@/tests/factories/subscription";
import { subscriptionNextStep } from "./subscription-view";

const base = makeUserSubscription();
const day = (iso: string) => iso.slice(0, 10);

describe("subscriptionNextStep", () => {
  it("says when a running subscription renews", () => {
    expect(subscriptionNextStep(base, day)).toBe("Renews on 2026-12-24.");
  });
  it("puts cancelled, failed payment, paused and skipped before the renewal date", () => {
    expect(subscriptionNextStep({ ...base, cancel_at_period_end: true }, day)).toBe("Cancelled: ends on 2026-12-24. No further payments.");
    expect(subscriptionNextStep({ ...base, status: "canceled" }, day)).toBe("Cancelled: no further payments.");
    expect(subscriptionNextStep({ ...base, status: "past_due" }, day)).toMatch(/^Your last renewal payment failed/);
    expect(subscriptionNextStep({ ...base, paused: true }, day)).toMatch(/^Paused/);
    expect(subscriptionNextStep({ ...base, skipped_until: "2026-12-25T10:00:00.000Z" }, day)).toBe("Next renewal (2026-12-24) skipped.");
    expect(subscriptionNextStep({ ...base, current_period_end: null }, day)).toBe("Renews at the end of the paid period.");
  });
  it("says a prescription-only renewal waits for its check-in, whatever the pause", () => {
    const checkIn = { id: "22222222-2222-4222-8222-222222222222", due_by: "2026-12-24T10:00:00.000Z" };
    expect(subscriptionNextStep({ ...base, check_in: { ...checkIn, status: "due" } }, day)).toBe("Waiting for your check-in: complete it before 2026-12-24 so your next supply can be sent.");
    expect(subscriptionNextStep({ ...base, paused: true, check_in: { ...checkIn, status: "missed" } }, day)).toMatch(/^Waiting for your check-in: your renewal was not charged/);
    expect(subscriptionNextStep({ ...base, check_in: { ...checkIn, status: "submitted" } }, day)).toMatch(/^Waiting for your check-in review/);
    expect(subscriptionNextStep({ ...base, check_in: { ...checkIn, status: "referred" } }, day)).toMatch(/^Waiting for your consultation/);
    // Cancelled wins: nothing more will be supplied.
    expect(subscriptionNextStep({ ...base, cancel_at_period_end: true, check_in: { ...checkIn, status: "due" } }, day)).toMatch(/^Cancelled/);
  });
});

describe("the sandbox's billing periods", () => {
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  it("adds months keeping the anchor day, clamped to the month's last day as Stripe does", () => {
    expect(iso(periodEnd(at("2026-01-15T09:30:00Z"), { interval: "month", interval_count: 1 }))).toBe("2026-02-15T09:30:00.000Z");
    expect(iso(periodEnd(at("2026-01-31T09:30:00Z"), { interval: "month", interval_count: 1 }))).toBe("2026-02-28T09:30:00.000Z");
    expect(iso(periodEnd(at("2027-11-30T00:00:00Z"), { interval: "month", interval_count: 3 }))).toBe("2028-02-29T00:00:00.000Z");
    expect(iso(periodEnd(at("2026-03-01T00:00:00Z"), { interval: "week", interval_count: 2 }))).toBe("2026-03-15T00:00:00.000Z");
  });
});
