import type { OrderStatus } from "@/lib/orders/order-timeline";
import { assertHoldsClaim, assertMayClaim } from "@/lib/server/staff-review/claim-rules";
import type { ClaimState } from "@/lib/server/staff-review/types";
import { conflictOf } from "@/tests/support/conflict-of";
import { orderClaimPolicy } from "./order-review-kind";

const now = new Date("2026-11-24T12:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const state = (overrides: Partial<ClaimState<OrderStatus>>): ClaimState<OrderStatus> => ({ status: "AWAITING_PHARMACIST", claimedById: null, claimedAt: null, claimerName: null, ...overrides });


describe("the order's claim policy", () => {
  it("lets a pharmacist claim an order awaiting them or an invited one, unless someone holds a live claim", () => {
    expect(conflictOf(() => assertMayClaim(state({}), "me", now, orderClaimPolicy))).toBeNull();
    expect(conflictOf(() => assertMayClaim(state({ status: "CONSULTATION_INVITED" }), "me", now, orderClaimPolicy))).toBeNull();
    expect(conflictOf(() => assertMayClaim(state({ claimedById: "x", claimedAt: minutesAgo(31) }), "me", now, orderClaimPolicy))).toBeNull();
    expect(conflictOf(() => assertMayClaim(state({ claimedById: "x", claimedAt: minutesAgo(29), claimerName: "Ann Pharm" }), "me", now, orderClaimPolicy))).toBe("Ann Pharm is reviewing this order.");
    expect(conflictOf(() => assertMayClaim(state({ claimedById: "x", claimedAt: minutesAgo(29) }), "me", now, orderClaimPolicy))).toBe("Another pharmacist is reviewing this order.");
  });

  it("says why a decided order cannot be reviewed", () => {
    expect(conflictOf(() => assertMayClaim(state({ status: "AWAITING_DISPATCH" }), "me", now, orderClaimPolicy))).toBe("This order has already been dispensed.");
    expect(conflictOf(() => assertMayClaim(state({ status: "DISPATCHED" }), "me", now, orderClaimPolicy))).toBe("This order has already been dispensed.");
    expect(conflictOf(() => assertMayClaim(state({ status: "DECLINED" }), "me", now, orderClaimPolicy))).toBe("This order has already been declined and refunded.");
    expect(conflictOf(() => assertMayClaim(state({ status: "REFUNDED" }), "me", now, orderClaimPolicy))).toBe("This order was refunded.");
  });

  it("needs the claim for a decision", () => {
    expect(conflictOf(() => assertHoldsClaim(state({}), "me", orderClaimPolicy))).toBe("Claim this order before acting on it.");
    expect(conflictOf(() => assertHoldsClaim(state({ claimedById: "me", claimedAt: minutesAgo(90) }), "me", orderClaimPolicy))).toBeNull();
    expect(conflictOf(() => assertHoldsClaim(state({ claimedById: "x", claimerName: "Ben" }), "me", orderClaimPolicy))).toBe("Ben is reviewing this order.");
  });
});
