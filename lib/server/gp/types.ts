import "server-only";

/** The patient's GP practice as they gave it (/dashboard/gp). */
export type GpDetailsView = {
  practiceName: string;
  addressLine1: string;
  addressLine2: string;
  town: string;
  postcode: string;
  email: string;
  consentToShare: boolean;
  updatedAt: string;
};

export type GpLetterStatus = "QUEUED_EMAIL" | "SENT" | "TO_POST" | "POSTED";

/** A GP letter as the staff list and the patient's documents show it (no clinical content). */
export type GpLetterSummary = {
  id: string;
  subjectReference: string;
  medicine: string;
  practiceName: string;
  practiceAddress: string;
  status: GpLetterStatus;
  createdAt: string;
  postedAt: string | null;
};

/** Everything printed on a GP letter (the PDF). */
export type GpLetterDocument = {
  id: string;
  subjectReference: string;
  practiceName: string;
  practiceAddress: string;
  patientName: string;
  patientDateOfBirth: string | null;
  medicine: string;
  dose: string;
  indication: string;
  prescriberName: string;
  prescriberRegistration: string;
  createdAt: string;
  clinic: { name: string; address: string; email: string; phone: string; gphcPremisesNumber: string };
};

/** The same statuses as the patient reads them (Medical documents). */
export const GP_LETTER_PATIENT_LABELS: Record<GpLetterStatus, string> = {
  QUEUED_EMAIL: "Being emailed to your practice",
  SENT: "Emailed to your practice",
  TO_POST: "Being posted to your practice",
  POSTED: "Posted to your practice",
};
