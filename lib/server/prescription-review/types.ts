import "server-only";
import type { AnsweredQuestion, PrescriptionStatus } from "@/lib/server/prescriptions/types";
import type { StaffRole } from "@/lib/server/core/actor/types";
import type { ClaimView } from "@/lib/server/staff-review/types";
import type { SupplyCheck } from "@/lib/server/supply-checks/types";

/** Who reviews prescription requests (claim, issue, decline, ask). */
export const REVIEWER_ROLES = ["PRESCRIBER", "ADMIN"] as const satisfies readonly StaffRole[];

/** Paid and not yet decided: the queue. */
export const OPEN_STATUSES = ["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT"] as const satisfies readonly PrescriptionStatus[];

export const DECIDED_STATUSES = ["ISSUED", "DECLINED"] as const satisfies readonly PrescriptionStatus[];


export type QueueItem = {
  id: string;
  reference: string;
  status: PrescriptionStatus;
  submittedAt: string | null;
  dueAt: string | null;
  claim: ClaimView | null;
  /** The viewer asked for this case themselves: why they may not claim it (separation of duties), else null. */
  ownNotice: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
};

export type ReviewQueue = {
  /** One keyset page of the open requests, oldest payment first. */
  open: QueueItem[];
  /** Every open request, and those past their 24-hour promise (not only this page's). */
  openTotal: number;
  overdueTotal: number;
  /** The next page's cursor (null on the last page), and whether this is a later page. */
  nextAfter: string | null;
  isLaterPage: boolean;
  /** The reference searched for ("Find by reference"): the lists hold only that request. */
  reference: string | null;
  decided: QueueItem[];
};

type CasePhoto = { id: string; name: string; url: string };

type CaseMessageView = {
  id: string;
  author: "PATIENT" | "STAFF";
  authorName: string;
  body: string;
  at: string;
  photoUrl: string | null;
};

type IssuedPrescriptionView = {
  reference: string;
  medicine: string;
  dose: string;
  quantity: string;
  directions: string;
  prescriberName: string;
  prescriberRegistration: string;
  issuedAt: string;
  dispensedAt: string | null;
};

/** Everything a prescriber sees on one case (health data: every read is audited). */
export type ReviewCase = {
  id: string;
  reference: string;
  status: PrescriptionStatus;
  submittedAt: string | null;
  dueAt: string | null;
  patient: { name: string; email: string; dateOfBirth: string | null; age: number | null; hasAccount: boolean };
  planName: string | null;
  /** The steps on the patient's path through the branching, in order (question text and answer lines). */
  answers: AnsweredQuestion[];
  photos: CasePhoto[];
  messages: CaseMessageView[];
  claim: ClaimView | null;
  /** The viewer asked for this case themselves: why they may not claim it (separation of duties), else null. */
  ownNotice: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  declineReason: string | null;
  prescription: IssuedPrescriptionView | null;
  /** What identity, weight and GP rules found (lib/server/supply-checks); issuing needs none unmet. */
  supplyChecks: SupplyCheck[];
};
