import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { currentStepLabel, prescriptionTimeline } from "./prescription-timeline";
import type { PatientRequestSummary, PrescriptionStatus } from "./types";

export const REQUEST_NOT_FOUND = "We could not find that prescription request.";

/**
 * The actor's requests that the patient sees: everything paid. A checkout that was never
 * paid (PENDING_PAYMENT, or CANCELLED without a payment) is not a request to them; a paid
 * one refunded before a decision is shown as cancelled and refunded.
 */
export function patientVisibleRequests(actor: Actor) {
  return {
    ...ownedBy(actor),
    OR: [
      { status: { in: ["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT", "ISSUED", "DECLINED"] as PrescriptionStatus[] } },
      { status: "CANCELLED" as const, payment: { status: "REFUNDED" as const } },
    ],
  };
}

export const summarySelect = {
  id: true,
  reference: true,
  status: true,
  pricePence: true,
  submittedAt: true,
  decidedAt: true,
  payment: { select: { refundedAt: true } },
  messages: { select: { author: true, createdAt: true }, orderBy: { createdAt: "asc" } },
} as const;

type SummaryRow = {
  id: string;
  reference: string;
  status: PrescriptionStatus;
  pricePence: number;
  submittedAt: Date | null;
  decidedAt: Date | null;
  payment: { refundedAt: Date | null };
  messages: { author: "PATIENT" | "STAFF"; createdAt: Date }[];
};

export function toRequestSummary(row: SummaryRow): PatientRequestSummary {
  const last = (author: "PATIENT" | "STAFF") => row.messages.filter((message) => message.author === author).at(-1)?.createdAt ?? null;
  const timeline = prescriptionTimeline({
    status: row.status,
    pricePence: row.pricePence,
    submittedAt: row.submittedAt,
    decidedAt: row.decidedAt,
    refundedAt: row.payment.refundedAt,
    lastQuestionAt: last("STAFF"),
    lastReplyAt: last("PATIENT"),
  });
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    statusLabel: currentStepLabel(timeline),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    timeline,
  };
}
