export type PrescriptionStatus = "PENDING_PAYMENT" | "SUBMITTED" | "IN_REVIEW" | "AWAITING_PATIENT" | "ISSUED" | "DECLINED" | "CANCELLED";

/** A prescription request as its owner sees it: no answers, no clinical notes. */
export type PrescriptionRequestView = {
  id: string;
  reference: string;
  status: PrescriptionStatus;
  questionnaireId: string;
  pricePence: number;
  planName: string | null;
  submittedAt: string | null;
  dueAt: string | null;
  createdAt: string;
};
