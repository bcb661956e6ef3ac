import "server-only";
import { orderSteps, type OrderStep } from "@/lib/orders/order-steps";
import { ORDER_STATUS_LABELS, type OrderStatus } from "@/lib/orders/order-timeline";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readKeysetPage } from "@/lib/server/core/pagination/keyset";

export type UserOrder = {
  id: string;
  reference: string;
  createdAt: string;
  status: OrderStatus;
  statusLabel: string;
  lines: { name: string; durationLabel: string; dose: string | null; quantity: number; lineTotalPence: number }[];
  deliveryName: string;
  deliveryPence: number;
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
  trackingReference: string | null;
  declineReason: string | null;
  address: string[];
  steps: OrderStep[];
  /** A usable invitation to a free consultation (the order waits for it). */
  invitationId: string | null;
};

const orderSelect = {
  id: true,
  reference: true,
  createdAt: true,
  status: true,
  needsReview: true,
  deliveryName: true,
  deliveryPence: true,
  subtotalPence: true,
  discountPence: true,
  totalPence: true,
  trackingReference: true,
  declineReason: true,
  shipName: true,
  shipLine1: true,
  shipLine2: true,
  shipCity: true,
  shipPostcode: true,
  lines: { select: { name: true, durationLabel: true, dose: true, quantity: true, lineTotalPence: true }, orderBy: { id: "asc" } },
  events: { select: { kind: true, at: true }, orderBy: { id: "asc" } },
  invitations: { select: { id: true, usedAt: true, expiresAt: true }, orderBy: { createdAt: "desc" }, take: 1 },
} as const;

type OrderRow = {
  id: string;
  reference: string;
  createdAt: Date;
  status: string;
  needsReview: boolean;
  deliveryName: string;
  deliveryPence: number;
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
  trackingReference: string | null;
  declineReason: string | null;
  shipName: string;
  shipLine1: string;
  shipLine2: string;
  shipCity: string;
  shipPostcode: string;
  lines: UserOrder["lines"];
  events: { kind: string; at: Date }[];
  invitations: { id: string; usedAt: Date | null; expiresAt: Date }[];
};

function toUserOrder(row: OrderRow, now: Date): UserOrder {
  const status = row.status as OrderStatus;
  const invitation = row.invitations[0];
  return {
    id: row.id,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    lines: row.lines,
    deliveryName: row.deliveryName,
    deliveryPence: row.deliveryPence,
    subtotalPence: row.subtotalPence,
    discountPence: row.discountPence,
    totalPence: row.totalPence,
    trackingReference: row.trackingReference,
    declineReason: row.declineReason,
    address: [row.shipName, row.shipLine1, row.shipLine2, row.shipCity, row.shipPostcode].filter(Boolean),
    steps: orderSteps({
      status,
      needsReview: row.needsReview,
      totalPence: row.totalPence,
      trackingReference: row.trackingReference,
      events: row.events.map((event) => ({ kind: event.kind, at: event.at.toISOString() })),
    }),
    invitationId: status === "CONSULTATION_INVITED" && invitation && !invitation.usedAt && invitation.expiresAt > now ? invitation.id : null,
  };
}

const ORDER_HISTORY_PAGE_SIZE = 20;

export type UserOrderPage = {
  orders: UserOrder[];
  /** The cursor of the next (older) page; null on the last page. */
  olderBefore: string | null;
  isLaterPage: boolean;
};

/**
 * The actor's orders, newest first, a keyset page at a time (`before` is the cursor the page
 * before ended at): every paid order and what happened to it. Checkouts that were never paid
 * are left out (nothing was bought; the cart still holds the items).
 */
export async function listUserOrders(actor: Actor, { before, size: asked = ORDER_HISTORY_PAGE_SIZE }: { before?: string | null; size?: number } = {}, now: Date = new Date()): Promise<UserOrderPage> {
  const page = await readKeysetPage(
    { before, size: asked, field: "createdAt", direction: "desc" },
    (slice, take) => db.order.findMany({ where: { ...ownedBy(actor), paidAt: { not: null }, ...slice }, select: orderSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take }),
    (row) => ({ at: row.createdAt, id: row.id }),
  );
  return { orders: page.rows.map((row) => toUserOrder(row, now)), olderBefore: page.next, isLaterPage: page.isLaterPage };
}

/** One of the actor's paid orders by its reference; anyone else's, and a missing one, are 404. */
export async function getUserOrder(actor: Actor, reference: string, now: Date = new Date()): Promise<UserOrder> {
  const row = /^OR-[A-Z0-9]{6}$/.test(reference)
    ? await db.order.findFirst({ where: { reference, ...ownedBy(actor), paidAt: { not: null } }, select: orderSelect })
    : null;
  if (!row) throw new AppError("not_found", "We could not find that order.");
  return toUserOrder(row, now);
}
