import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import type { OrderWeightState, WeightChange, WeightEvidenceOwner, WeightEvidenceView, WeightMethod, WeightVerificationView } from "./types";

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

/**
 * Where an order's weight evidence lives: on the order itself (a first supply), or, for a
 * renewal made from an approved check-in (orders.check_in_id), on that check-in — every repeat
 * supply of a weight-loss medicine is made on a weight verified at its check-in.
 */
export async function weightOwnerOf(tx: Tx, orderId: string): Promise<{ owner: WeightEvidenceOwner; checkInReference: string | null; userId: string | null }> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { userId: true, checkInId: true, checkIn: { select: { reference: true } } } });
  if (order.checkInId) return { owner: { checkInId: order.checkInId }, checkInReference: order.checkIn?.reference ?? null, userId: order.userId };
  return { owner: { orderId }, checkInReference: null, userId: order.userId };
}

/**
 * The patient's first verified weight (their orders' and check-ins' records), and how far
 * `weightKg` is from it, in percent (negative: lost). Null without an earlier record.
 */
export async function weightChangeSinceFirst(tx: Tx, userId: string | null, weightKg: number, before?: Date): Promise<WeightChange | null> {
  if (!userId) return null;
  const first = await tx.weightVerification.findFirst({
    where: { OR: [{ order: { userId } }, { checkIn: { userId } }], ...(before ? { createdAt: { lt: before } } : {}) },
    select: { weightKg: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (!first) return null;
  const firstKg = Number(first.weightKg.toString());
  return { firstKg, firstAt: first.createdAt.toISOString(), percent: Math.round(((weightKg - firstKg) / firstKg) * 1000) / 10 };
}

/** Whether the order needs a verified weight, what the patient sent and the latest clinician's record (reads only). */
export async function readWeightState(tx: Tx, orderId: string): Promise<OrderWeightState> {
  const medicine = await weightMedicine(tx, orderId);
  if (!medicine) return { required: false, medicine: null, evidence: [], latest: null, checkInReference: null, change: null };
  const { owner, checkInReference, userId } = await weightOwnerOf(tx, orderId);
  const evidence = await tx.weightEvidence.findMany({ where: owner, select: { id: true, kind: true, displayName: true, createdAt: true }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const row = await tx.weightVerification.findFirst({ where: owner, select: verificationSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const latest = row ? toVerificationView(row) : null;
  const change = latest && checkInReference ? await weightChangeSinceFirst(tx, userId, latest.weightKg, row!.createdAt) : null;
  return { required: true, medicine, evidence: evidence.map(toEvidenceView), latest, checkInReference, change };
}
