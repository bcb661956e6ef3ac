import type { PrescriptionStatus } from "@/lib/server/prescriptions/types";

/** How staff pages name a request's state. */
export const STATUS_LABELS: Record<PrescriptionStatus, string> = {
  PENDING_PAYMENT: "Awaiting payment",
  SUBMITTED: "Waiting for review",
  IN_REVIEW: "In review",
  AWAITING_PATIENT: "Waiting for the patient",
  ISSUED: "Prescription issued",
  DECLINED: "Declined and refunded",
  CANCELLED: "Cancelled",
};
