import type { PrescriptionStatus } from "@/lib/server/prescriptions/types";
import { assertHoldsClaim as holds, assertMayClaim as may } from "@/lib/server/staff-review/claim-rules";
import type { ClaimState } from "@/lib/server/staff-review/types";
import { conflictOf } from "@/tests/support/conflict-of";
import { prescriberDisplayName } from "./prescriber-display-name";
import { prescriptionClaimPolicy } from "./review-kind";

// The staff-review claim rules with the prescription's policy: its statuses and its words.
const assertMayClaim = (state: ClaimState<PrescriptionStatus>, staffId: string, at: Date) => may(state, staffId, at, prescriptionClaimPolicy);
const assertHoldsClaim = (state: ClaimState<PrescriptionStatus>, staffId: string) => holds(state, staffId, prescriptionClaimPolicy);

const now = new Date("2026-11-24T12:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const state = (overrides: Partial<ClaimState<PrescriptionStatus>>): ClaimState<PrescriptionStatus> => ({ status: "SUBMITTED", claimedById: null, claimedAt: null, claimerName: null, ...overrides });


describe("assertMayClaim", () => {
  it("allows a submitted case, an unclaimed one, the caller's own and a stale claim", () => {
    expect(conflictOf(() => assertMayClaim(state({}), "me", now))).toBeNull();
    expect(conflictOf(() => assertMayClaim(state({ status: "IN_REVIEW" }), "me", now))).toBeNull();
    expect(conflictOf(() => assertMayClaim(state({ status: "IN_REVIEW", claimedById: "me", claimedAt: minutesAgo(1) }), "me", now))).toBeNull();
    expect(conflictOf(() => assertMayClaim(state({ status: "IN_REVIEW", claimedById: "x", claimedAt: minutesAgo(31) }), "me", now))).toBeNull();
  });

  it("refuses a live claim by someone else, naming them", () => {
    const held = state({ status: "IN_REVIEW", claimedById: "x", claimedAt: minutesAgo(29), claimerName: "Dr Sam Patel" });
    expect(conflictOf(() => assertMayClaim(held, "me", now))).toBe("Dr Sam Patel is reviewing this case.");
  });

  it("refuses decided, cancelled and waiting cases", () => {
    expect(conflictOf(() => assertMayClaim(state({ status: "ISSUED" }), "me", now))).toBe("This case has already been decided.");
    expect(conflictOf(() => assertMayClaim(state({ status: "DECLINED" }), "me", now))).toBe("This case has already been decided.");
    expect(conflictOf(() => assertMayClaim(state({ status: "CANCELLED" }), "me", now))).toMatch(/cancelled/);
    expect(conflictOf(() => assertMayClaim(state({ status: "AWAITING_PATIENT" }), "me", now))).toMatch(/waiting for the patient/);
  });
});

describe("assertHoldsClaim", () => {
  it("passes only for the holder of an in-review case, even when the claim is old", () => {
    expect(conflictOf(() => assertHoldsClaim(state({ status: "IN_REVIEW", claimedById: "me", claimedAt: minutesAgo(90) }), "me"))).toBeNull();
    expect(conflictOf(() => assertHoldsClaim(state({}), "me"))).toBe("Claim this case before acting on it.");
    expect(conflictOf(() => assertHoldsClaim(state({ status: "IN_REVIEW", claimedById: "x", claimerName: "Dr A" }), "me"))).toBe("Dr A is reviewing this case.");
    expect(conflictOf(() => assertHoldsClaim(state({ status: "ISSUED", claimedById: "me" }), "me"))).toBe("This case has already been decided.");
  });
});

describe("prescriberDisplayName", () => {
  it("adds Dr for GMC registrants once", () => {
    expect(prescriberDisplayName("Sam Patel", "GMC")).toBe("Dr Sam Patel");
    expect(prescriberDisplayName("Dr Sam Patel", "GMC")).toBe("Dr Sam Patel");
    expect(prescriberDisplayName("Ann Lee", "GPhC")).toBe("Ann Lee");
    expect(prescriberDisplayName("Ann Lee", null)).toBe("Ann Lee");
  });
});
