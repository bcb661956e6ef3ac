import "server-only";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import type { StaffActor, StaffRole } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { readEachValue } from "@/lib/server/core/pagination/keyset";
import { ownCaseNotice, toClaimView } from "@/lib/server/staff-review/claim-rules";
import { readQueuePage, searchedReference } from "@/lib/server/staff-review/queue-page";
import { AWAITING_PRESCRIBER_WHERE } from "@/lib/server/supply-checks/prescriber-authorisation-check";
import { ORDER_PRESCRIBER_ROLES, ORDER_STAFF_ROLES, orderClaimPolicy } from "./order-review-kind";
import { ORDER_QUEUE_SECTIONS, type OrderQueue, type OrderQueueItem, type OrderQueueList, type OrderQueueQuery, type OrderQueueSection } from "./types";

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
  // The database's answer to isAwaitingPrescriber (AWAITING_PRESCRIBER_WHERE), not three more reads.
  awaitingPrescriber: true,
  lines: { select: { quantity: true, productKind: true } },
  invitations: { select: { usedAt: true }, orderBy: { createdAt: "desc" }, take: 1 },
} as const;

type OrderWhere = NonNullable<NonNullable<Parameters<typeof db.order.findMany>[0]>["where"]>;
type OrderRow = Awaited<ReturnType<typeof readOrders>>[number];

function readOrders(where: OrderWhere, take: number) {
  return db.order.findMany({ where, select: queueSelect, orderBy: [{ paidAt: "asc" }, { id: "asc" }], take });
}

/**
 * Which orders each list holds: the prescribers' (prescription-only lines not yet authorised)
 * and the pharmacist's three. A list over two statuses is read a status at a time and merged
 * (readEachValue), each from the index on (awaiting_prescriber, status, paid_at, id) in order.
 */
const SECTIONS: Record<OrderQueueSection, { statuses: readonly OrderStatus[]; where: OrderWhere }> = {
  prescribe: { statuses: ["AWAITING_PHARMACIST", "CONSULTATION_INVITED"], where: AWAITING_PRESCRIBER_WHERE },
  review: { statuses: ["AWAITING_PHARMACIST"], where: {} },
  invited: { statuses: ["CONSULTATION_INVITED"], where: {} },
  dispatch: { statuses: ["AWAITING_DISPATCH"], where: {} },
};

/** The lists a role works: prescribers the orders waiting for a prescription, pharmacists the other three, an admin all four. */
function orderQueueSections(role: StaffRole): OrderQueueSection[] {
  const prescribes = (ORDER_PRESCRIBER_ROLES as readonly StaffRole[]).includes(role);
  const staffsOrders = (ORDER_STAFF_ROLES as readonly StaffRole[]).includes(role);
  return ORDER_QUEUE_SECTIONS.filter((section) => (section === "prescribe" ? prescribes : staffsOrders));
}

/**
 * The pharmacist's three lists and the prescribers' one (orders waiting for their
 * prescription), each oldest payment first, a keyset page at a time (`after` holds each
 * list's cursor; `reference` narrows every list to that order instead), with how many each
 * holds in all. Only the lists the actor's role works are read (the others are null): a
 * prescriber's page costs one list, not four. No health data: the list is not an audited view.
 */
export async function listOrderQueue(actor: StaffActor, query: OrderQueueQuery = {}, now: Date = new Date()): Promise<OrderQueue> {
  const toItem = (row: OrderRow): OrderQueueItem => {
    const hasPom = row.lines.some((line) => line.productKind === "PRESCRIPTION_ONLY");
    return {
      id: row.id,
      reference: row.reference,
      status: row.status as OrderStatus,
      paidAt: (row.paidAt ?? now).toISOString(),
      itemCount: row.lines.reduce((sum, line) => sum + line.quantity, 0),
      hasPom,
      awaitingPrescriber: row.awaitingPrescriber,
      claim: toClaimView({ claimedById: row.claimedById, claimedAt: row.claimedAt, claimerName: row.claimedBy?.name ?? null }, actor.user.id, now),
      ownNotice: ownCaseNotice(orderClaimPolicy, row, actor.user),
      consultationBooked: row.status === "CONSULTATION_INVITED" ? row.invitations[0]?.usedAt != null : null,
    };
  };
  const section = async (name: OrderQueueSection): Promise<OrderQueueList> => {
    const { statuses, where } = SECTIONS[name];
    // A queued order is paid.
    const keyOf = (row: OrderRow) => ({ at: row.paidAt ?? now, id: row.id });
    const [page, total] = await Promise.all([
      readQueuePage(
        { after: query.after?.[name] ?? null, reference: query.reference, size: query.size },
        "paidAt",
        (slice, take) => readEachValue(statuses, take, "asc", (status) => readOrders({ AND: [{ status }, where, slice] }, take), keyOf),
        keyOf,
      ),
      db.order.count({ where: { AND: [{ status: { in: [...statuses] } }, where] } }),
    ]);
    return { items: page.rows.map(toItem), total, nextAfter: page.nextAfter, isLaterPage: page.isLaterPage };
  };
  const shown = orderQueueSections(actor.user.role);
  const [prescribe, review, invited, dispatch] = await Promise.all(ORDER_QUEUE_SECTIONS.map((name) => (shown.includes(name) ? section(name) : null)));
  return { prescribe: prescribe ?? null, review: review ?? null, invited: invited ?? null, dispatch: dispatch ?? null, reference: searchedReference(query.reference) };
}
