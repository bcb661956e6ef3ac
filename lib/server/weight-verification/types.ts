import "server-only";

type WeightEvidenceKind = "PHOTO" | "VIDEO_CONSULTATION";
export type WeightMethod = "PHOTO" | "VIDEO_CONSULTATION" | "IN_PERSON";

export const WEIGHT_METHOD_LABELS: Record<WeightMethod, string> = {
  PHOTO: "Photo on scales",
  VIDEO_CONSULTATION: "Video consultation",
  IN_PERSON: "In person",
};

/** One thing the patient sent for an order: a scales photo, or the choice of a video consultation. */
export type WeightEvidenceView = { id: string; kind: WeightEvidenceKind; name: string | null; at: string };

/** A clinician's record of the verified weight and what the medicine's BMI rule made of it. */
export type WeightVerificationView = {
  weightKg: number;
  heightCm: number;
  bmi: number;
  method: WeightMethod;
  note: string;
  passed: boolean;
  /** Why the BMI rule fails on the verified figure; null when it passes. */
  failure: string | null;
  byName: string;
  at: string;
};

/** What a weight photo or record belongs to: an order (its first supply) or a check-in (a repeat supply). */
export type WeightEvidenceOwner = { orderId: string } | { checkInId: string };

/** The patient's weight now against their first verified weight (NICE TA1026: continuation is reviewed on weight lost). */
export type WeightChange = { firstKg: number; firstAt: string; percent: number };

/** What the weight rule reads for one order (the supply check and the pages). */
export type OrderWeightState = {
  /**
   * A renewal order made from an approved check-in: its weight is the check-in's (the evidence
   * and record below are the check-in's), and the starting BMI threshold no longer applies.
   */
  checkInReference: string | null;
  /** The latest record against the patient's first verified weight; null without both. */
  change: WeightChange | null;
  /** A medicine on the order needs a verified weight (product.requiresWeightVerification). */
  required: boolean;
  medicine: string | null;
  /** Newest first. */
  evidence: WeightEvidenceView[];
  /** The latest record counts (a correction is a new row). */
  latest: WeightVerificationView | null;
};

/** The patient's view of their order's weight check. */
export type PatientWeightStep = {
  /** The order still waits for the pharmacist, so the patient may send evidence. */
  open: boolean;
  medicine: string;
  lastEvidence: WeightEvidenceView | null;
  verified: boolean;
};

/** A dashboard task: an order waiting for the patient's weight evidence. */
export type WeightTask = { reference: string; medicine: string; chosen: WeightEvidenceKind | null };
