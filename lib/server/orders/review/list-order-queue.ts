import "server-only";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import type { StaffActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { ownCaseNotice, toClaimView } from "@/lib/server/staff-review/claim-rules";
import { isAwaitingPrescriber } from "@/lib/server/supply-checks/prescriber-authorisation-check";
import { orderClaimPolicy } from "./order-review-kind";
import type { OrderQueue } from "./types";

const queueSelect = {
  id: true,
  reference: true,
  status: true,
  paidAt: true,
  userId: true,
  email: true,
  claimedById: true,
  claimedAt: true,
  claimedBy: { select: { name: true } },
  lines: { select: { quantity: true, productKind: true } },
  prescription: { select: { id: true } },
  checkIn: { select: { status: true } },
  subscription: { select: { prescriptionId: true } },
  invitations: { select: { usedAt: true }, orderBy: { createdAt: "desc" }, take: 1 },
} as const;

/** The pharmacist's three lists and the prescribers' one (orders waiting for their prescription), oldest payment first (no health data: the list is not an audited view). */
export async function listOrderQueue(actor: StaffActor, now: Date = new Date()): Promise<OrderQueue> {
  const rows = await db.order.findMany({
    where: { status: { in: ["AWAITING_PHARMACIST", "CONSULTATION_INVITED", "AWAITING_DISPATCH"] } },
    select: queueSelect,
    orderBy: [{ paidAt: "asc" }, { reference: "asc" }],
    take: 500,
  });
  const items = rows.map((row) => {
    const hasPom = row.lines.some((line) => line.productKind === "PRESCRIPTION_ONLY");
    return {
    id: row.id,
    reference: row.reference,
    status: row.status as OrderStatus,
    paidAt: (row.paidAt ?? now).toISOString(),
    itemCount: row.lines.reduce((sum, line) => sum + line.quantity, 0),
    hasPom,
    awaitingPrescriber: isAwaitingPrescriber({ hasPom, hasAuthorisation: row.prescription !== null, checkInStatus: row.checkIn?.status, hasPlanPrescription: Boolean(row.subscription?.prescriptionId) }),
    claim: toClaimView({ claimedById: row.claimedById, claimedAt: row.claimedAt, claimerName: row.claimedBy?.name ?? null }, actor.user.id, now),
    ownNotice: ownCaseNotice(orderClaimPolicy, row, actor.user),
    consultationBooked: row.status === "CONSULTATION_INVITED" ? row.invitations[0]?.usedAt != null : null,
    };
  });
  return {
    prescribe: items.filter((item) => item.awaitingPrescriber && (item.status === "AWAITING_PHARMACIST" || item.status === "CONSULTATION_INVITED")),
    review: items.filter((item) => item.status === "AWAITING_PHARMACIST"),
    invited: items.filter((item) => item.status === "CONSULTATION_INVITED"),
    dispatch: items.filter((item) => item.status === "AWAITING_DISPATCH"),
  };
}
