import "server-only";
import type { StaffRole } from "@/lib/server/core/actor/types";
import { claimMessages } from "@/lib/server/staff-review/claim-rules";
import type { ClaimPolicy, ReviewKind } from "@/lib/server/staff-review/types";
import { CHECK_IN_NOT_FOUND } from "@/lib/validation/check-ins";
import type { CheckInStatusValue, LockedCheckIn } from "./types";

/**
 * Who reviews check-ins: the prescribers (and admins). A repeat prescription-only supply needs
 * the prescriber's confirmation (GPhC distance-pharmacy guidance, February 2025, repeat
 * supplies); the pharmacist then checks the order it makes, so one person never both
 * approves and dispenses the same supply.
 */
export const CHECK_IN_REVIEWER_ROLES = ["PRESCRIBER", "ADMIN"] as const satisfies readonly StaffRole[];

function closedMessage(status: CheckInStatusValue): string | null {
  if (status === "SUBMITTED") return null;
  if (status === "DUE" || status === "MISSED") return "The patient has not sent this check-in yet.";
  if (status === "APPROVED") return "This check-in has already been approved.";
  if (status === "REFERRED") return "This check-in has already been referred to a consultation.";
  return "The patient chose to stop this treatment: there is nothing to review.";
}

export const checkInClaimPolicy: ClaimPolicy<CheckInStatusValue> = {
  closedMessage,
  claimable: ["SUBMITTED"],
  held: ["SUBMITTED"],
  ...claimMessages("check-in", "Another prescriber"),
  ownCase: "You cannot review your own check-in. Another prescriber must review it.",
  ownCaseNotice: "Your own check-in — another prescriber must review it",
};

/** A renewal check-in under the prescriber's review. */
export const checkInReview: ReviewKind<LockedCheckIn> = {
  table: "check_ins",
  notFound: CHECK_IN_NOT_FOUND,
  subjectType: "check_in",
  audit: { viewed: "check_in.viewed", claimed: "check_in.claimed", released: "check_in.released", ownCaseRefused: "check_in.own_case_refused" },
  policy: checkInClaimPolicy,
  async readLocked(tx, id) {
    const row = await tx.checkIn.findUniqueOrThrow({
      where: { id },
      select: {
        id: true,
        reference: true,
        status: true,
        userId: true,
        subscriptionId: true,
        periodEnd: true,
        claimedById: true,
        claimedAt: true,
        claimedBy: { select: { name: true } },
        subscription: { select: { email: true } },
      },
    });
    const { claimedBy, subscription, ...rest } = row;
    return { ...rest, email: subscription.email, claimerName: claimedBy?.name ?? null };
  },
  async writeClaim(tx, id, claim) {
    await tx.checkIn.update({ where: { id }, data: { claimedById: claim?.byId ?? null, claimedAt: claim?.at ?? null } });
  },
};
