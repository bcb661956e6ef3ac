import "server-only";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import type { StaffRole } from "@/lib/server/core/actor/types";
import { claimMessages } from "@/lib/server/staff-review/claim-rules";
import type { ClaimPolicy, ReviewKind } from "@/lib/server/staff-review/types";
import { isAwaitingPrescriber } from "@/lib/server/supply-checks/prescriber-authorisation-check";
import { ORDER_NOT_FOUND } from "@/lib/validation/order-review";
import type { LockedOrder } from "./types";

/** Who reviews and dispatches shop orders. */
export const ORDER_STAFF_ROLES = ["PHARMACIST", "ADMIN"] as const satisfies readonly StaffRole[];

/** Who prescribes an order's prescription-only lines before the pharmacist dispenses them (as prescriptions are issued). */
export const ORDER_PRESCRIBER_ROLES = ["PRESCRIBER", "ADMIN"] as const satisfies readonly StaffRole[];

/** Who opens, claims, releases and declines an order case: its pharmacist, or a prescriber for its prescription. */
export const ORDER_CASE_ROLES = ["PHARMACIST", "PRESCRIBER", "ADMIN"] as const satisfies readonly StaffRole[];

/** The queue's words for an order its viewer placed themselves. */
const OWN_ORDER_NOTICE = "Your own order — another pharmacist must review it";

/** Waiting for the pharmacist's decision (the only statuses a review acts on). */
export const REVIEWABLE: OrderStatus[] = ["AWAITING_PHARMACIST", "CONSULTATION_INVITED"];

function closedMessage(status: OrderStatus): string | null {
  if (REVIEWABLE.includes(status)) return null;
  if (status === "AWAITING_DISPATCH" || status === "DISPATCHED") return "This order has already been dispensed.";
  if (status === "DECLINED") return "This order has already been declined and refunded.";
  if (status === "REFUNDED") return "This order was refunded.";
  return "This order cannot be reviewed.";
}

/** A reviewable order is claimed by one pharmacist at a time, in either reviewable status. */
export const orderClaimPolicy: ClaimPolicy<OrderStatus> = {
  closedMessage,
  claimable: REVIEWABLE,
  held: REVIEWABLE,
  // Never "cannot be claimed": every status that is not reviewable has its closed message.
  ...claimMessages("order", "Another pharmacist"),
  ownCase: "You cannot review or dispense your own order. Another pharmacist must review it.",
  ownCaseNotice: OWN_ORDER_NOTICE,
};

/** A paid shop order under the pharmacist's review (an unpaid order does not exist for staff). */
export const orderReview: ReviewKind<LockedOrder> = {
  table: "orders",
  notFound: ORDER_NOT_FOUND,
  subjectType: "order",
  audit: { viewed: "order.viewed", claimed: "order.claimed", released: "order.released", ownCaseRefused: "order.own_case_refused" },
  policy: orderClaimPolicy,
  async readLocked(tx, id) {
    const row = await tx.order.findUniqueOrThrow({
      where: { id },
      select: {
        id: true,
        reference: true,
        status: true,
        email: true,
        shipName: true,
        totalPence: true,
        paymentId: true,
        userId: true,
        subscriptionId: true,
        claimedById: true,
        claimedAt: true,
        paidAt: true,
        claimedBy: { select: { name: true } },
        lines: { where: { productKind: "PRESCRIPTION_ONLY" }, select: { id: true }, take: 1 },
        prescription: { select: { id: true } },
        checkIn: { select: { status: true } },
        subscription: { select: { prescriptionId: true } },
      },
    });
    const { claimedBy, paidAt, lines, prescription, checkIn, subscription, ...rest } = row;
    if (!paidAt) return null;
    const awaitingPrescriber = isAwaitingPrescriber({ hasPom: lines.length > 0, hasAuthorisation: prescription !== null, checkInStatus: checkIn?.status, hasPlanPrescription: Boolean(subscription?.prescriptionId) });
    return { ...rest, status: row.status as OrderStatus, claimerName: claimedBy?.name ?? null, awaitingPrescriber };
  },
  async writeClaim(tx, id, claim) {
    await tx.order.update({ where: { id }, data: { claimedById: claim?.byId ?? null, claimedAt: claim?.at ?? null } });
  },
};
