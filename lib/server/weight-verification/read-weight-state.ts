import "server-only";
import type { Tx } from "@/lib/server/db/client";
import type { OrderWeightState, WeightEvidenceView, WeightMethod, WeightVerificationView } from "./types";

type VerificationRow = {
  weightKg: { toString(): string };
  heightCm: { toString(): string };
  bmi: { toString(): string };
  method: WeightMethod;
  note: string;
  passed: boolean;
  failure: string | null;
  verifiedByName: string;
  createdAt: Date;
};

export const verificationSelect = { weightKg: true, heightCm: true, bmi: true, method: true, note: true, passed: true, failure: true, verifiedByName: true, createdAt: true } as const;

export function toVerificationView(row: VerificationRow): WeightVerificationView {
  return {
    weightKg: Number(row.weightKg.toString()),
    heightCm: Number(row.heightCm.toString()),
    bmi: Number(row.bmi.toString()),
    method: row.method,
    note: row.note,
    passed: row.passed,
    failure: row.failure,
    byName: row.verifiedByName,
    at: row.createdAt.toISOString(),
  };
}

export function toEvidenceView(row: { id: string; kind: "PHOTO" | "VIDEO_CONSULTATION"; displayName: string | null; createdAt: Date }): WeightEvidenceView {
  return { id: row.id, kind: row.kind, name: row.displayName, at: row.createdAt.toISOString() };
}

/** The medicine on the order that needs a verified weight (its product's name, e.g. "Mounjaro"), or null. */
export async function weightMedicine(tx: Tx, orderId: string): Promise<string | null> {
  const line = await tx.orderLine.findFirst({ where: { orderId, product: { requiresWeightVerification: true } }, select: { product: { select: { name: true } } }, orderBy: { id: "asc" } });
  return line?.product.name ?? null;
}

/** Whether the order needs a verified weight, what the patient sent and the latest clinician's record (reads only). */
export async function readWeightState(tx: Tx, orderId: string): Promise<OrderWeightState> {
  const medicine = await weightMedicine(tx, orderId);
  if (!medicine) return { required: false, medicine: null, evidence: [], latest: null };
  const evidence = await tx.weightEvidence.findMany({ where: { orderId }, select: { id: true, kind: true, displayName: true, createdAt: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const latest = await tx.weightVerification.findFirst({ where: { orderId }, select: verificationSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { required: true, medicine, evidence: evidence.map(toEvidenceView), latest: latest ? toVerificationView(latest) : null };
}
