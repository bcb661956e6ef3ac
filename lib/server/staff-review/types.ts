import "server-only";
import type { AuditAction, AuditEventInput } from "@/lib/server/services/audit/record-audit-event";
import type { Tx } from "@/lib/server/core/db/client";

// The staff review of a paid record (a prescription request, a shop order): one member of
// staff at a time holds a claim on it, under its row lock, and decides it. Each kind of record
// describes itself with a ReviewKind; the algorithm lives once, in this folder.

/** The claim as a locked row holds it. */
export type ClaimState<S extends string = string> = {
  status: S;
  claimedById: string | null;
  claimedAt: Date | null;
  /** Display name of the holder ("Dr Sam Patel"), when claimed. */
  claimerName: string | null;
};

/** Who asked for the record: their account (null for a guest) and the email it was made with. */
export type Requester = { userId: string | null; email: string };

/** A row read under its lock: the claim, the reference the audit log names and who asked for it. */
export type LockedCase<S extends string = string> = ClaimState<S> & Requester & { id: string; reference: string };

/** The holder of a claim as staff pages show it. */
export type ClaimView = { byId: string; byName: string; at: string; isMine: boolean; isStale: boolean };

/** What a kind's statuses mean for the claim, and how its 409s are worded. */
export type ClaimPolicy<S extends string = string> = {
  /** Why a record in this status cannot be claimed or decided (closed, waiting), or null. */
  closedMessage(status: S): string | null;
  /** The statuses a claim may be taken in. */
  claimable: readonly S[];
  /** The statuses a recorded claim counts in: its holder may decide, others wait or take over a stale one. */
  held: readonly S[];
  /** 409 for a status neither closed nor claimable. */
  notClaimable: string;
  /** 409 for a decision without the claim. */
  claimFirst: string;
  /** 409 while someone else holds the claim (null: the holder's account is gone). */
  reviewing(claimerName: string | null): string;
  /** 403 when the member of staff asked for the record themselves (separation of duties). */
  ownCase: string;
  /** What the queue shows instead of a claim button on such a record. */
  ownCaseNotice: string;
};

/** The tables a staff review locks (a closed list: the name is written into SQL). */
type ReviewTable = "orders" | "prescription_requests" | "check_ins";

/** One kind of record under review: its table, its words, its audit names and its own reads and writes. */
export type ReviewKind<T extends LockedCase> = {
  table: ReviewTable;
  /** The 404 message for a missing, unpaid or malformed id. */
  notFound: string;
  subjectType: AuditEventInput["subjectType"];
  audit: { viewed: AuditAction; claimed: AuditAction; released: AuditAction; ownCaseRefused: AuditAction };
  policy: ClaimPolicy<T["status"]>;
  /** Reads the row afresh once the lock is held; null when staff may not see it (unpaid). */
  readLocked(tx: Tx, id: string): Promise<T | null>;
  /** Stores a claim (null: gives it back), with any status the kind moves with it. */
  writeClaim(tx: Tx, id: string, claim: { byId: string; at: Date } | null): Promise<void>;
};
