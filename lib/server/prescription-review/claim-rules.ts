import "server-only";
import { AppError } from "@/lib/server/errors";
import type { PrescriptionStatus } from "@/lib/server/prescriptions/types";

/** A claim older than this lapses: anyone may take the case over, so it never sticks with someone who left. */
export const CLAIM_STALE_MS = 30 * 60_000;

/** The state of a locked case that the claim rules read. */
export type ClaimState = {
  status: PrescriptionStatus;
  claimedById: string | null;
  claimedAt: Date | null;
  /** Display name of the holder ("Dr Sam Patel"), when claimed. */
  claimerName: string | null;
};

export function isStaleClaim(claimedAt: Date | null, now: Date): boolean {
  return claimedAt !== null && now.getTime() - claimedAt.getTime() > CLAIM_STALE_MS;
}

/** How a prescriber appears to colleagues: GMC-registered doctors as "Dr …". */
export function prescriberDisplayName(name: string, registrationBody: string | null | undefined): string {
  if (/^dr\.?\s/i.test(name) || registrationBody?.toUpperCase() !== "GMC") return name;
  return `Dr ${name}`;
}

function reviewingMessage(state: ClaimState) {
  return `${state.claimerName ?? "Another prescriber"} is reviewing this case.`;
}

/** Why the case cannot be acted on in its status, or null when it is open. */
function closedMessage(status: PrescriptionStatus): string | null {
  if (status === "ISSUED" || status === "DECLINED") return "This case has already been decided.";
  if (status === "CANCELLED") return "This request was cancelled and refunded.";
  if (status === "AWAITING_PATIENT") return "This case is waiting for the patient's answer; it returns to the queue when they reply.";
  return null;
}

/**
 * Throws 409 unless `staffId` may claim the case now: a SUBMITTED case, or one IN_REVIEW
 * claimed by nobody, by the caller, or by someone whose claim is stale.
 * The caller must hold the row lock.
 */
export function assertMayClaim(state: ClaimState, staffId: string, now: Date): void {
  const closed = closedMessage(state.status);
  if (closed) throw new AppError("conflict", closed);
  if (state.status !== "SUBMITTED" && state.status !== "IN_REVIEW") throw new AppError("conflict", "This case cannot be claimed.");
  if (state.status === "IN_REVIEW" && state.claimedById && state.claimedById !== staffId && !isStaleClaim(state.claimedAt, now)) {
    throw new AppError("conflict", reviewingMessage(state));
  }
}

/**
 * Throws 409 unless `staffId` holds the claim on an IN_REVIEW case (a decision or a
 * question needs it). A stale claim still belongs to its holder until someone takes it.
 * The caller must hold the row lock.
 */
export function assertHoldsClaim(state: ClaimState, staffId: string): void {
  const closed = closedMessage(state.status);
  if (closed) throw new AppError("conflict", closed);
  if (state.status !== "IN_REVIEW" || !state.claimedById) throw new AppError("conflict", "Claim this case before acting on it.");
  if (state.claimedById !== staffId) throw new AppError("conflict", reviewingMessage(state));
}
