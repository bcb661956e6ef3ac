import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { ClaimPolicy, ClaimState, ClaimView, Requester } from "./types";

/** A claim older than this lapses: anyone may take the record over, so it never sticks with someone who left. */
export const CLAIM_STALE_MS = 30 * 60_000;

export function isStaleClaim(claimedAt: Date | null, now: Date): boolean {
  return claimedAt !== null && now.getTime() - claimedAt.getTime() > CLAIM_STALE_MS;
}

/** A kind's 409 wording, the same sentences for every kind: "Claim this order before acting on it." */
export function claimMessages(noun: string, anotherReviewer: string): Pick<ClaimPolicy, "notClaimable" | "claimFirst" | "reviewing"> {
  return {
    notClaimable: `This ${noun} cannot be claimed.`,
    claimFirst: `Claim this ${noun} before acting on it.`,
    reviewing: (name) => `${name ?? anotherReviewer} is reviewing this ${noun}.`,
  };
}

/** Emails as the database keeps them (trimmed, lower-case), so " Sam@X.com" is sam@x.com. */
function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Separation of duties: whether `staff` asked for the record themselves, from their account
 * or with their account's email (signed in or as a guest). Whatever their role, ADMIN included.
 */
export function isOwnCase(requester: Requester, staff: { id: string; email: string }): boolean {
  if (requester.userId !== null && requester.userId === staff.id) return true;
  return normaliseEmail(requester.email) === normaliseEmail(staff.email);
}

/**
 * Throws 409 unless `staffId` may claim now: a claimable status, claimed by nobody, by the
 * caller, or by someone whose claim is stale. The caller must hold the row lock.
 */
export function assertMayClaim<S extends string>(state: ClaimState<S>, staffId: string, now: Date, policy: ClaimPolicy<S>): void {
  const closed = policy.closedMessage(state.status);
  if (closed) throw new AppError("conflict", closed);
  if (!policy.claimable.includes(state.status)) throw new AppError("conflict", policy.notClaimable);
  if (policy.held.includes(state.status) && state.claimedById && state.claimedById !== staffId && !isStaleClaim(state.claimedAt, now)) {
    throw new AppError("conflict", policy.reviewing(state.claimerName));
  }
}

/**
 * Throws 409 unless `staffId` holds the claim (every decision needs it). A stale claim still
 * belongs to its holder until someone takes it. The caller must hold the row lock.
 */
export function assertHoldsClaim<S extends string>(state: ClaimState<S>, staffId: string, policy: ClaimPolicy<S>): void {
  const closed = policy.closedMessage(state.status);
  if (closed) throw new AppError("conflict", closed);
  if (!policy.held.includes(state.status) || !state.claimedById) throw new AppError("conflict", policy.claimFirst);
  if (state.claimedById !== staffId) throw new AppError("conflict", policy.reviewing(state.claimerName));
}

/** What staff pages show instead of a claim button on the viewer's own record, else null. */
export function ownCaseNotice(policy: Pick<ClaimPolicy, "ownCaseNotice">, requester: Requester, viewer: { id: string; email: string }): string | null {
  return isOwnCase(requester, viewer) ? policy.ownCaseNotice : null;
}

/** The live claim as staff pages show it; null when nobody holds one. */
export function toClaimView(state: Omit<ClaimState, "status">, viewerId: string, now: Date): ClaimView | null {
  if (!state.claimedById || !state.claimedAt) return null;
  return {
    byId: state.claimedById,
    byName: state.claimerName ?? "A former member of staff",
    at: state.claimedAt.toISOString(),
    isMine: state.claimedById === viewerId,
    isStale: isStaleClaim(state.claimedAt, now),
  };
}
