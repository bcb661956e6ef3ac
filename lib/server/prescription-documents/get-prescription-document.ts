import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { siteConfig } from "@/lib/config/site";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { prescriptionVerifyUrl } from "./prescription-qr";
import { isPrescriptionExpired, prescriptionExpiresAt } from "./prescription-validity";
import type { PrescriptionDocument } from "./types";

const documentSelect = {
  reference: true,
  request: { select: { reference: true } },
  patientName: true,
  patientDateOfBirth: true,
  medicine: true,
  dose: true,
  quantity: true,
  directions: true,
  prescriberName: true,
  prescriberRegistration: true,
  issuedAt: true,
  dispenseCode: true,
  dispensedAt: true,
  dispensedBy: true,
} as const;

/**
 * The issued prescription `reference` if `actor` owns the request it answers (ownedBy:
 * the account's, or a guest's by guest id), else null: someone else's and a missing one
 * look the same. Patients' own views are not audited (staff views are, in the staff area).
 */
export async function getPrescriptionDocument(actor: Actor, reference: string): Promise<PrescriptionDocument | null> {
  const row = await db.prescription.findFirst({ where: { reference, request: ownedBy(actor) }, select: documentSelect });
  if (!row) return null;
  const { name, contact, compliance } = siteConfig();
  return {
    reference: row.reference,
    requestReference: row.request.reference,
    patientName: row.patientName,
    patientDateOfBirth: row.patientDateOfBirth,
    medicine: row.medicine,
    dose: row.dose,
    quantity: row.quantity,
    directions: row.directions,
    prescriberName: row.prescriberName,
    prescriberRegistration: row.prescriberRegistration,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: prescriptionExpiresAt(row.issuedAt).toISOString(),
    isExpired: isPrescriptionExpired(row.issuedAt),
    dispenseCode: row.dispenseCode,
    dispensed: row.dispensedAt ? { at: row.dispensedAt.toISOString(), by: row.dispensedBy ?? "" } : null,
    verifyUrl: prescriptionVerifyUrl(row.reference),
    clinic: { name, address: contact.address, gphcPremisesNumber: compliance.gphcPremisesNumber },
  };
}

/** getPrescriptionDocument, or `not_found` (404) for a missing or someone else's prescription. */
export async function getPrescriptionDocumentOrThrow(actor: Actor, reference: string): Promise<PrescriptionDocument> {
  const document = await getPrescriptionDocument(actor, reference);
  if (!document) throw new AppError("not_found", "Prescription not found.");
  return document;
}
