import "server-only";
import type { ProgressPhotoSetView } from "@/lib/server/progress-photos/types";
import type { ClaimView, LockedCase } from "@/lib/server/staff-review/types";
import type { WeightChange, WeightEvidenceView, WeightVerificationView } from "@/lib/server/weight-verification/types";
import type { QueuePage } from "@/lib/server/staff-review/queue-page";

// Plain shapes of renewal check-ins for pages and routes (client code imports these types, never Prisma's).

export type CheckInStatusValue = "DUE" | "SUBMITTED" | "APPROVED" | "REFERRED" | "STOPPED" | "MISSED";
type ContinueChoice = "YES" | "STOP" | "DOCTOR";

/** The patient's answers (health data: shown to the patient and the reviewing staff only). */
export type CheckInAnswers = {
  weightKg: string | null;
  /** null: none since the last supply. */
  sideEffects: string | null;
  /** null: no new conditions or medicines. */
  newConditions: string | null;
  wantsToContinue: ContinueChoice | null;
  submittedAt: string | null;
};

/** The patient's own check-in (page /dashboard/check-ins/[id]). */
export type PatientCheckIn = {
  id: string;
  reference: string;
  status: CheckInStatusValue;
  dueBy: string;
  planName: string;
  needsWeight: boolean;
  /** A dose-ladder medicine: the dose they are on and the one a step up (null at the maximum); null otherwise. */
  dose: { current: string; next: string | null } | null;
  /** How many scales photos the patient has sent with this check-in (a weight-loss medicine). */
  weightPhotos: number;
  /** A hair-loss check-in: the three progress photos are required (is-hair-loss-check-in.ts). */
  needsPhotos: boolean;
  answers: CheckInAnswers;
};

/** The weight side of a weight-loss medicine's check-in (the prescriber's case). */
export type CheckInWeight = {
  photos: WeightEvidenceView[];
  verification: WeightVerificationView | null;
  /** Against the first verified weight: the verified figure once recorded, else the self-reported one. */
  change: (WeightChange & { basis: "verified" | "self-reported" }) | null;
};

/** A dose-ladder medicine's doses at a check-in (the prescriber's case). */
export type CheckInDose = {
  /** The dose the patient was on when checking in. */
  current: string;
  /** What they asked for next (null until they answer, or when they chose to stop). */
  requested: string | null;
  /** What the prescriber approved (null until approved). */
  approved: string | null;
  /** The doses the prescriber may approve: the same, and one step up unless at the maximum. */
  options: string[];
  frequency: string;
  source: string;
};

/** A check-in under the prescriber's lock (staff-review core). */
export type LockedCheckIn = LockedCase<CheckInStatusValue> & { subscriptionId: string; periodEnd: Date };

/**
 * What makes a check-in stand out in the queue and on the case: the patient's own answers
 * today; a later commit adds the side-effect reports made between check-ins (issue 23).
 */
export type CheckInFlag = { kind: "wants_doctor" | "side_effects" | "new_conditions" | "side_effect_report"; label: string; href?: string };

export type CheckInQueueItem = {
  id: string;
  reference: string;
  patientName: string;
  planName: string;
  submittedAt: string;
  dueBy: string;
  late: boolean;
  /** Some answer needs the prescriber's attention (which one shows only on the audited case). */
  flagged: boolean;
  claim: ClaimView | null;
  ownCaseNotice: string | null;
};

/** One keyset page of the check-in queue, how many wait in all, and the reference searched for (the page then holds only that check-in). */
export type CheckInQueue = QueuePage<CheckInQueueItem> & { total: number; reference: string | null };

export type CheckInCase = {
  id: string;
  reference: string;
  status: CheckInStatusValue;
  dueBy: string;
  patient: { name: string; email: string };
  subscription: { id: string; planName: string; productName: string; status: string; currentPeriodEnd: string | null; startedAt: string };
  answers: CheckInAnswers;
  dose: CheckInDose | null;
  /** A weight-loss medicine: the check-in's scales photos, the verified weight and the change since the first verified weight. */
  weight: CheckInWeight | null;
  flags: CheckInFlag[];
  decision: { byName: string | null; at: string; note: string } | null;
  previousSupplies: { reference: string; paidAt: string | null; status: string; checkInReference: string | null }[];
  earlierCheckIns: { reference: string; dueBy: string; status: CheckInStatusValue; submittedAt: string | null; decidedAt: string | null }[];
  /** A hair-loss check-in: the patient's photo sets by date (the first is the baseline), and the one sent with this check-in. */
  progress: { sets: ProgressPhotoSetView[]; checkInSetId: string | null } | null;
  claim: ClaimView | null;
  ownCaseNotice: string | null;
};

export type CheckInActionResult = { id: string; reference: string; status: CheckInStatusValue; message: string };
