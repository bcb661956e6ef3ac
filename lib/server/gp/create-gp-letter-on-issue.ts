import "server-only";
import type { StaffActor } from "@/lib/server/core/actor/types";
import type { Tx } from "@/lib/server/core/db/client";
import { createGpLetter, type CreatedGpLetter } from "./create-gp-letter";
import { gpLetterIndication } from "./gp-letter-indication";

/**
 * The GP letter for a prescription just issued (called by issuePrescription in its
 * transaction, after the Prescription row is written): what is printed on the prescription
 * is what the GP reads.
 */
export async function createGpLetterOnIssue(tx: Tx, actor: StaffActor, requestId: string): Promise<CreatedGpLetter> {
  const request = await tx.prescriptionRequest.findUniqueOrThrow({
    where: { id: requestId },
    select: {
      reference: true,
      userId: true,
      response: { select: { definition: true } },
      prescription: { select: { medicine: true, dose: true, quantity: true, directions: true, patientName: true, patientDateOfBirth: true, prescriberName: true, prescriberRegistration: true } },
    },
  });
  const rx = request.prescription;
  if (!rx) return null;
  return createGpLetter(tx, actor, {
    subjectType: "prescription_request",
    subjectId: requestId,
    subjectReference: request.reference,
    userId: request.userId,
    patientName: rx.patientName,
    patientDateOfBirth: rx.patientDateOfBirth,
    medicine: rx.medicine,
    dose: `${rx.dose}; quantity ${rx.quantity}; ${rx.directions}`,
    indication: gpLetterIndication([request.response.definition]),
    prescriberName: rx.prescriberName,
    prescriberRegistration: rx.prescriberRegistration,
  });
}
