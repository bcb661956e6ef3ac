/** Who issued the document: printed at the top of the page and the PDF. */
type DocumentClinic = { name: string; address: string; gphcPremisesNumber: string };

/**
 * An issued prescription as its owner sees it (page, PDF, dashboard): everything printed on
 * it, the one-time dispensing code included. Dates are ISO strings.
 */
export type PrescriptionDocument = {
  reference: string;
  /** The prescription request it answers ("PR-…"), as the patient's orders list it. */
  requestReference: string;
  patientName: string;
  /** As the patient gave it (yyyy-MM-dd from the questionnaire). */
  patientDateOfBirth: string;
  medicine: string;
  dose: string;
  quantity: string;
  directions: string;
  prescriberName: string;
  prescriberRegistration: string;
  issuedAt: string;
  expiresAt: string;
  isExpired: boolean;
  dispenseCode: string;
  dispensed: { at: string; by: string } | null;
  /** What the QR code encodes: `${SITE_URL}/rx/${reference}`. */
  verifyUrl: string;
  clinic: DocumentClinic;
};
