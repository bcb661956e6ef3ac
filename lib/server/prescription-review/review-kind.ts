import "server-only";
import type { PrescriptionStatus } from "@/lib/server/prescriptions/types";
import { claimMessages } from "@/lib/server/staff-review/claim-rules";
import type { ClaimPolicy, LockedCase, ReviewKind } from "@/lib/server/staff-review/types";
import { CASE_NOT_FOUND } from "@/lib/validation/prescription-review";

/** The queue's words for a request its viewer made themselves. */
const OWN_REQUEST_NOTICE = "Your own request — another prescriber must review it";
import { prescriberDisplayName } from "./prescriber-display-name";

export type LockedReviewCase = LockedCase<PrescriptionStatus> & {
  pricePence: number;
  paymentId: string;
  responseId: string;
  dueAt: Date | null;
};

/** Why a case cannot be acted on in its status, or null when it is open. */
function closedMessage(status: PrescriptionStatus): string | null {
  if (status === "ISSUED" || status === "DECLINED") return "This case has already been decided.";
  if (status === "CANCELLED") return "This request was cancelled and refunded.";
  if (status === "AWAITING_PATIENT") return "This case is waiting for the patient's answer; it returns to the queue when they reply.";
  return null;
}

/** A SUBMITTED case may be claimed; an IN_REVIEW one is held by its claimer (or taken over when stale). */
export const prescriptionClaimPolicy: ClaimPolicy<PrescriptionStatus> = {
  closedMessage,
  claimable: ["SUBMITTED", "IN_REVIEW"],
  held: ["IN_REVIEW"],
  ...claimMessages("case", "Another prescriber"),
  ownCase: "You cannot review your own prescription request. Another prescriber must review it.",
  ownCaseNotice: OWN_REQUEST_NOTICE,
};

/** A paid prescription request under the prescribers' review (an unpaid one does not exist for staff). */
export const prescriptionReview: ReviewKind<LockedReviewCase> = {
  table: "prescription_requests",
  notFound: CASE_NOT_FOUND,
  subjectType: "prescription_request",
  audit: { viewed: "prescription.viewed", claimed: "prescription.claimed", released: "prescription.released", ownCaseRefused: "prescription.own_case_refused" },
  policy: prescriptionClaimPolicy,
  async readLocked(tx, id) {
    const row = await tx.prescriptionRequest.findUniqueOrThrow({
      where: { id },
      select: {
        id: true,
        reference: true,
        status: true,
        userId: true,
        email: true,
        pricePence: true,
        paymentId: true,
        responseId: true,
        dueAt: true,
        claimedById: true,
        claimedAt: true,
        claimedBy: { select: { name: true, staffProfile: { select: { registrationBody: true } } } },
      },
    });
    if (row.status === "PENDING_PAYMENT") return null;
    const { claimedBy, ...rest } = row;
    return { ...rest, status: row.status as PrescriptionStatus, claimerName: claimedBy ? prescriberDisplayName(claimedBy.name, claimedBy.staffProfile?.registrationBody) : null };
  },
  // Claiming puts the case IN_REVIEW; giving it back returns it to the queue as SUBMITTED.
  async writeClaim(tx, id, claim) {
    await tx.prescriptionRequest.update({
      where: { id },
      data: claim ? { status: "IN_REVIEW", claimedById: claim.byId, claimedAt: claim.at } : { status: "SUBMITTED", claimedById: null, claimedAt: null },
    });
  },
};
