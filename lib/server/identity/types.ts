import "server-only";

/** Why the patient must (re)verify before a prescription-only supply waiting for them. */
export type IdentityTask = {
  reason: "not_verified" | "not_accepted" | "mismatch";
  /** "name", "date of birth": what differs from the answers (mismatch only). */
  mismatched: string[];
  /** The waiting requests' and orders' references. */
  references: string[];
};

/** /dashboard/identity: what the patient's identity check says and what to do next. */
export type IdentityPageView = {
  verified: { name: string; dateOfBirth: string; verifiedAt: string } | null;
  /** The newest attempt after the verified document, if any. */
  attempt: { status: "REQUIRES_INPUT" | "PROCESSING" | "CANCELED"; lastError: string | null } | null;
  task: IdentityTask | null;
};
