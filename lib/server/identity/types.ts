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

export type StaffCaseLink = { reference: string; status: string; href: string };

/** /staff/identity/{userId}: the patient's verified document and the accounts that look like them. */
export type IdentityReviewView = {
  patient: { id: string; name: string; email: string; cases: StaffCaseLink[] };
  verified: { name: string; dateOfBirth: string; verifiedAt: string } | null;
  duplicates: {
    userId: string;
    name: string;
    email: string;
    reasons: string[];
    decision: { decision: "DIFFERENT_PEOPLE" | "SAME_PERSON_SUPPLY_ALLOWED" | "SAME_PERSON_DECLINE"; note: string; decidedAt: string } | null;
    cases: StaffCaseLink[];
  }[];
};
