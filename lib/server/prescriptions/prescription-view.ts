import "server-only";
import type { PrescriptionRequestView, PrescriptionStatus } from "./types";

export const prescriptionViewSelect = {
  id: true,
  reference: true,
  status: true,
  responseId: true,
  pricePence: true,
  plan: { select: { name: true } },
  submittedAt: true,
  dueAt: true,
  createdAt: true,
} as const;

type Row = {
  id: string;
  reference: string;
  status: PrescriptionStatus;
  responseId: string;
  pricePence: number;
  plan: { name: string } | null;
  submittedAt: Date | null;
  dueAt: Date | null;
  createdAt: Date;
};

export function toPrescriptionView(row: Row): PrescriptionRequestView {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    questionnaireId: row.responseId,
    pricePence: row.pricePence,
    planName: row.plan?.name ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
