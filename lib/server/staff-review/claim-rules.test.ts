import { conflictOf } from "@/tests/support/conflict-of";
import { assertHoldsClaim, assertMayClaim, CLAIM_STALE_MS, isOwnCase, isStaleClaim, toClaimView } from "./claim-rules";
import type { ClaimPolicy, ClaimState } from "./types";

// The rules with a made-up kind: a claim may be taken while OPEN or HELD, counts only while
// HELD, and DONE is closed. Each real kind's policy has its own test beside it.
type Status = "OPEN" | "HELD" | "WAITING" | "DONE";
const policy: ClaimPolicy<Status> = {
  closedMessage: (status) => (status === "DONE" ? "Already done." : null),
  claimable: ["OPEN", "HELD"],
  held: ["HELD"],
  notClaimable: "Not claimable now.",
  claimFirst: "Claim it first.",
  reviewing: (name) => `${name ?? "Someone"} has it.`,
  ownCase: "Not your own.",
  ownCaseNotice: "Yours.",
};

const now = new Date("2026-11-24T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const state = (overrides: Partial<ClaimState<Status>>): ClaimState<Status> => ({ status: "OPEN", claimedById: null, claimedAt: null, claimerName: null, ...overrides });


describe("isStaleClaim", () => {
  it("lapses a claim only once it is older than 30 minutes", () => {
    expect(CLAIM_STALE_MS).toBe(30 * 60_000);
    expect(isStaleClaim(null, now)).toBe(false);
    expect(isStaleClaim(ago(CLAIM_STALE_MS), now)).toBe(false);
    expect(isStaleClaim(ago(CLAIM_STALE_MS + 1), now)).toBe(true);
  });
});

describe("assertMayClaim", () => {
  it("allows an open record, the caller's own claim and a stale one", () => {
    expect(conflictOf(() => assertMayClaim(state({}), "me", now, policy))).toBeNull();
    expect(conflictOf(() => assertMayClaim(state({ status: "HELD", claimedById: "me", claimedAt: ago(60_000) }), "me", now, policy))).toBeNull();
    expect(conflictOf(() => assertMayClaim(state({ status: "HELD", claimedById: "x", claimedAt: ago(CLAIM_STALE_MS + 1) }), "me", now, policy))).toBeNull();
  });

  it("refuses a live claim by someone else with the kind's words, closed and unclaimable statuses", () => {
    expect(conflictOf(() => assertMayClaim(state({ status: "HELD", claimedById: "x", claimedAt: ago(60_000), claimerName: "Ann" }), "me", now, policy))).toBe("Ann has it.");
    expect(conflictOf(() => assertMayClaim(state({ status: "HELD", claimedById: "x", claimedAt: ago(60_000) }), "me", now, policy))).toBe("Someone has it.");
    expect(conflictOf(() => assertMayClaim(state({ status: "DONE" }), "me", now, policy))).toBe("Already done.");
    expect(conflictOf(() => assertMayClaim(state({ status: "WAITING" }), "me", now, policy))).toBe("Not claimable now.");
  });

  it("ignores a claim recorded in a status where claims do not count", () => {
    expect(conflictOf(() => assertMayClaim(state({ status: "OPEN", claimedById: "x", claimedAt: ago(60_000) }), "me", now, policy))).toBeNull();
  });
});

describe("assertHoldsClaim", () => {
  it("passes only for the holder, even when the claim is old", () => {
    expect(conflictOf(() => assertHoldsClaim(state({ status: "HELD", claimedById: "me", claimedAt: ago(90 * 60_000) }), "me", policy))).toBeNull();
    expect(conflictOf(() => assertHoldsClaim(state({ status: "OPEN" }), "me", policy))).toBe("Claim it first.");
    expect(conflictOf(() => assertHoldsClaim(state({ status: "HELD" }), "me", policy))).toBe("Claim it first.");
    expect(conflictOf(() => assertHoldsClaim(state({ status: "HELD", claimedById: "x", claimerName: "Ann" }), "me", policy))).toBe("Ann has it.");
    expect(conflictOf(() => assertHoldsClaim(state({ status: "DONE", claimedById: "me" }), "me", policy))).toBe("Already done.");
  });
});

describe("toClaimView", () => {
  it("shows the holder, whether it is the viewer's and whether it lapsed; nobody is null", () => {
    expect(toClaimView({ claimedById: null, claimedAt: null, claimerName: null }, "me", now)).toBeNull();
    expect(toClaimView({ claimedById: "x", claimedAt: ago(CLAIM_STALE_MS + 1), claimerName: null }, "me", now)).toEqual({
      byId: "x",
      byName: "A former member of staff",
      at: ago(CLAIM_STALE_MS + 1).toISOString(),
      isMine: false,
      isStale: true,
    });
    expect(toClaimView({ claimedById: "me", claimedAt: ago(1), claimerName: "Me" }, "me", now)).toMatchObject({ byName: "Me", isMine: true, isStale: false });
  });
});

describe("isOwnCase", () => {
  const staff = { id: "me", email: "sam@example.com" };
  it("is the caller's by account, or by their email with any case and spaces, signed in or as a guest", () => {
    expect(isOwnCase({ userId: "me", email: "someone@example.com" }, staff)).toBe(true);
    expect(isOwnCase({ userId: null, email: " Sam@Example.COM " }, staff)).toBe(true);
    expect(isOwnCase({ userId: "other", email: "sam@example.com" }, { id: "me", email: " SAM@example.com" })).toBe(true);
  });
  it("is not for another account and another email", () => {
    expect(isOwnCase({ userId: "other", email: "ann@example.com" }, staff)).toBe(false);
    expect(isOwnCase({ userId: null, email: "sam@example.co" }, staff)).toBe(false);
  });
});
