import "server-only";
import { db } from "@/lib/server/core/db/client";
import { isPrescriptionExpired, prescriptionExpiresAt } from "@/lib/server/prescription-documents/prescription-validity";
import { birthYear, patientInitials } from "./public-patient";
import type { RxVerification } from "./types";

/**
 * The public check of a prescription by its reference (no sign-in: the reference is the
 * secret the QR code carries), or null when no prescription has it. The patient's name and
 * date of birth are reduced here, so the full values never reach the page.
 */
export async function getRxVerification(reference: string): Promise<RxVerification | null> {
  const row = await db.prescription.findUnique({
    where: { reference },
    select: {
      reference: true,
      medicine: true,
      dose: true,
      quantity: true,
      prescriberName: true,
      prescriberRegistration: true,
      patientName: true,
      patientDateOfBirth: true,
      issuedAt: true,
      dispensedAt: true,
      dispensedBy: true,
    },
  });
  if (!row) return null;
  return {
    reference: row.reference,
    medicine: row.medicine,
    dose: row.dose,
    quantity: row.quantity,
    prescriberName: row.prescriberName,
    prescriberRegistration: row.prescriberRegistration,
    patientInitials: patientInitials(row.patientName),
    patientBirthYear: birthYear(row.patientDateOfBirth),
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: prescriptionExpiresAt(row.issuedAt).toISOString(),
    isExpired: isPrescriptionExpired(row.issuedAt),
    dispensed: row.dispensedAt ? { at: row.dispensedAt.toISOString(), by: row.dispensedBy ?? "" } : null,
  };
}
