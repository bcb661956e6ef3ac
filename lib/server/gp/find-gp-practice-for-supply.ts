import "server-only";
import type { Tx } from "@/lib/server/core/db/client";

export type SupplySubject = { type: "order" | "prescription_request"; id: string };

const PRACTICE_SELECT = { practiceName: true, addressLine1: true, addressLine2: true, town: true, postcode: true, email: true, consentToShare: true } as const;

/**
 * The GP practice and consent a supply reads (the supply check, the GP letter): the account's
 * own row when there is one, which the patient keeps current at /dashboard/gp; otherwise the
 * answers a guest gave beside the questionnaire behind this supply (the prescription
 * request's questionnaire, or the order's assessments), the latest first. Null: never given.
 */
export async function findGpPracticeForSupply(tx: Tx, userId: string | null, subject: SupplySubject) {
  // One after another: a transaction runs one query at a time.
  const account = userId ? await tx.gpDetails.findUnique({ where: { userId }, select: PRACTICE_SELECT }) : null;
  if (account) return account;
  const response =
    subject.type === "order" ? { orderLines: { some: { orderId: subject.id } } } : { prescriptionRequests: { some: { id: subject.id } } };
  return tx.questionnaireGpDetails.findFirst({ where: { response }, select: PRACTICE_SELECT, orderBy: { updatedAt: "desc" } });
}
