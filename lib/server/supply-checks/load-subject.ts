import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import type { SupplySubject } from "./types";

/** The prescription request behind an issue: a prescription is always a prescription-only supply. */
export async function prescriptionSupplySubject(tx: Tx, id: string): Promise<SupplySubject> {
  const row = await tx.prescriptionRequest.findUniqueOrThrow({ where: { id }, select: { id: true, reference: true, userId: true, guestKeyHash: true, email: true, responseId: true } });
  return {
    kind: "prescription_request",
    id: row.id,
    reference: row.reference,
    userId: row.userId,
    guestKeyHash: row.guestKeyHash,
    email: row.email,
    responseIds: [row.responseId],
    medicines: [{ name: "Prescription", productId: null, prescriptionOnly: true, requiresWeightVerification: false, requiresGpConsent: false }],
  };
}

/** A paid order's medicine lines (cosmetics need no clinical check) and the assessments behind them. */
export async function orderSupplySubject(tx: Tx, id: string): Promise<SupplySubject> {
  const row = await tx.order.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      reference: true,
      userId: true,
      guestKeyHash: true,
      email: true,
      lines: { select: { name: true, productId: true, productKind: true, assessmentId: true, product: { select: { requiresWeightVerification: true, requiresGpConsent: true } } } },
    },
  });
  const medicines = row.lines.filter((line) => line.productKind !== "COSMETIC");
  return {
    kind: "order",
    id: row.id,
    reference: row.reference,
    userId: row.userId,
    guestKeyHash: row.guestKeyHash,
    email: row.email,
    responseIds: [...new Set(medicines.flatMap((line) => (line.assessmentId ? [line.assessmentId] : [])))],
    medicines: medicines.map((line) => ({
      name: line.name,
      productId: line.productId,
      prescriptionOnly: line.productKind === "PRESCRIPTION_ONLY",
      requiresWeightVerification: line.product.requiresWeightVerification,
      requiresGpConsent: line.product.requiresGpConsent,
    })),
  };
}
