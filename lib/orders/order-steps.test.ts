import { orderSteps, type OrderStepFacts } from "./order-steps";

const base: OrderStepFacts = { status: "AWAITING_PHARMACIST", needsReview: true, totalPence: 2999, trackingReference: null, events: [{ kind: "paid", at: "2026-11-20T10:00:00.000Z" }] };
const summary = (facts: OrderStepFacts) => orderSteps(facts).map((step) => `${step.key}:${step.state}`);

describe("orderSteps", () => {
  it("shows a medicine order waiting for the pharmacist, with what is still to come", () => {
    expect(summary(base)).toEqual(["paid:done", "review:current", "packing:upcoming", "dispatched:upcoming"]);
  });
  it("skips the review for cosmetics", () => {
    expect(summary({ ...base, needsReview: false, status: "AWAITING_DISPATCH" })).toEqual(["paid:done", "packing:current", "dispatched:upcoming"]);
  });
  it("adds the consultation step when the patient is invited, and keeps it once done", () => {
    const invited = { ...base, status: "CONSULTATION_INVITED" as const, events: [...base.events, { kind: "consultation_invited", at: "2026-11-21T10:00:00.000Z" }] };
    expect(summary(invited)).toEqual(["paid:done", "review:done", "consultation:current", "packing:upcoming", "dispatched:upcoming"]);
    const dispatched = { ...invited, status: "DISPATCHED" as const, trackingReference: "RM1", events: [...invited.events, { kind: "dispatched", at: "2026-11-23T10:00:00.000Z" }] };
    expect(summary(dispatched)).toEqual(["paid:done", "review:done", "consultation:done", "packing:done", "dispatched:current"]);
    expect(orderSteps(dispatched).at(-1)?.detail).toContain("RM1");
  });
  it("ends a declined order with its refund", () => {
    const steps = orderSteps({ ...base, status: "DECLINED" });
    expect(steps.map((step) => `${step.key}:${step.state}`)).toEqual(["paid:done", "review:done", "declined:current"]);
    expect(steps.at(-1)?.detail).toContain("£29.99");
  });
  it("has exactly one current step whatever the status", () => {
    for (const status of ["PENDING_PAYMENT", "AWAITING_PHARMACIST", "CONSULTATION_INVITED", "AWAITING_DISPATCH", "DISPATCHED", "DECLINED", "CANCELLED", "REFUNDED"] as const) {
      expect(orderSteps({ ...base, status }).filter((step) => step.state === "current")).toHaveLength(1);
    }
  });
});
