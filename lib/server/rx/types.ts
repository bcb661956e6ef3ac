/**
 * What anyone holding a prescription's reference (its QR code) sees at /rx/{reference}:
 * enough for a pharmacy to match it to the paper and the patient in front of them, and
 * no more. Never the patient's full name, date of birth, or the dispensing code.
 */
export type RxVerification = {
  reference: string;
  medicine: string;
  dose: string;
  quantity: string;
  prescriberName: string;
  prescriberRegistration: string;
  /** "A. M." */
  patientInitials: string;
  /** "1990", or null when the stored date of birth has no year we can read. */
  patientBirthYear: string | null;
  issuedAt: string;
  expiresAt: string;
  isExpired: boolean;
  dispensed: { at: string; by: string } | null;
};

/** The answer to a successful POST /api/rx/{reference}/dispense. */
export type DispenseResult = { message: string; dispensedAt: string };

/** A pharmacy account's identity (`pharmacies`), as its page shows it and the audit log records it. */
export type PharmacyProfile = {
  name: string;
  premisesNumber: string;
  address: string;
  responsiblePharmacistName: string;
  responsiblePharmacistNumber: string;
};
