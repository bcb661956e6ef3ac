import "server-only";
import type { Tx } from "@/lib/server/core/db/client";

/** One medicine a supply would give the patient. */
type SupplyMedicine = {
  name: string;
  /** Null for a prescription written by hand in the prescription service. */
  productId: string | null;
  prescriptionOnly: boolean;
  requiresWeightVerification: boolean;
  requiresGpConsent: boolean;
};

/**
 * A supply a clinician is about to authorise: a prescription request to be issued, or a paid
 * order to be dispensed. The checks read whatever they need about its patient from here.
 */
export type SupplySubject = {
  kind: "prescription_request" | "order";
  id: string;
  reference: string;
  /** The patient's account; null for a guest's record. */
  userId: string | null;
  guestKeyHash: string | null;
  email: string;
  /** The questionnaire responses behind the supply: the prescription questionnaire, or each medicine line's assessment. */
  responseIds: string[];
  medicines: SupplyMedicine[];
};

export type SupplyCheckState = "met" | "unmet" | "not_required";

/** What one check found, as the reviewer reads it on the case and the issue/dispense rule applies it. */
export type SupplyCheck = {
  key: string;
  title: string;
  state: SupplyCheckState;
  /** One sentence: what was found. */
  summary: string;
  /** Facts behind it (matched fields, method, dates). */
  facts: { label: string; value: string; href?: string }[];
  /** Why the supply cannot go ahead yet (the decision button says it); null unless unmet. */
  blocking: string | null;
  /** The rule's source (guidance and section). */
  source: string;
};

/** One rule a supply must meet. A check reads only; it never writes. */
export type SupplyCheckDefinition = {
  key: string;
  evaluate(tx: Tx, subject: SupplySubject): Promise<SupplyCheck>;
};
