import "server-only";
import { mailSignOff } from "@/lib/server/services/mail/sign-off";
import { env } from "@/lib/env";
import { formatPence } from "@/lib/format/money";
import { ORDER_EVENT_LABELS, type OrderEventKind, type OrderStatus } from "@/lib/orders/order-timeline";
import type { Tx } from "@/lib/server/core/db/client";
import { sendMail, type Mail } from "@/lib/server/services/mail/send-mail";

export type OrderEventDetail = {
  tracking_reference?: string;
  amount_pence?: number;
  // Why a payment was refunded at once: its discount code was for a first order, and another
  // order of the customer's was paid first (order-payment-handler.ts).
  reason?: "discount_not_first_order";
};

const FIRST_ORDER_REFUND_NOTE =
  " Your discount code was for a first order only, and another order of yours was paid first. You are welcome to order again without the code.";

type OrderForMail = { id: string; reference: string; email: string; shipName: string; totalPence: number };

/**
 * Moves an order to a new status and appends the matching events to its timeline, inside
 * the caller's transaction (which holds the order's row lock). Each event the patient
 * should hear about queues an email, with no medical detail: what happened and where to
 * read more (their account). Returns false, changing nothing, when the order is not in one
 * of `from` (someone else acted first).
 */
export async function transitionOrder(
  tx: Tx,
  order: OrderForMail,
  change: { from: OrderStatus[]; to: OrderStatus; events: OrderEventKind[]; detail?: OrderEventDetail; data?: Record<string, unknown> },
): Promise<boolean> {
  const updated = await tx.order.updateMany({
    where: { id: order.id, status: { in: change.from } },
    data: { status: change.to, ...change.data },
  });
  if (updated.count === 0) return false;
  for (const kind of change.events) {
    await tx.orderEvent.create({ data: { orderId: order.id, kind, detail: change.detail ?? {} } });
    const mail = orderEventMail(order, kind, change.detail ?? {});
    if (mail) await sendMail(mail, tx);
  }
  return true;
}

/** The email for one timeline event, or null for events the patient is not written to about. */
function orderEventMail(order: OrderForMail, kind: OrderEventKind, detail: OrderEventDetail): Mail | null {
  const { SITE_URL } = env();
  const account = `${SITE_URL}/dashboard/orders`;
  const hello = `Hello ${order.shipName},\n\n`;
  const ref = order.reference;
  switch (kind) {
    case "paid":
      return {
        to: order.email,
        subject: `Thank you for your order ${ref}`,
        text: `${hello}We have received your payment of ${formatPence(order.totalPence)} for order ${ref}. You can follow each step of your order in your account: ${account}${mailSignOff()}`,
      };
    case "awaiting_pharmacist":
      return null; // said in the "paid" email's timeline; one email per payment is enough
    case "consultation_invited":
      return {
        to: order.email,
        subject: `Your order ${ref}: please book a free consultation`,
        text: `${hello}Our pharmacist has reviewed order ${ref} and would like to speak with you before it is sent. The consultation is free. Please choose a time in your account: ${account}\n\nIf you ordered as a guest, sign in, or create an account with this email address and confirm the address: the invitation will be waiting under Orders.\n\nYour order is on hold until then.${mailSignOff()}`,
      };
    case "dispensed":
      return null; // the dispatch email follows; the timeline shows both
    case "awaiting_dispatch":
      return null;
    case "dispatched":
      return {
        to: order.email,
        subject: `Your order ${ref} is on its way`,
        text: `${hello}Order ${ref} has been dispatched in plain packaging.${detail.tracking_reference ? ` Tracking reference: ${detail.tracking_reference}.` : ""} You can see its progress in your account: ${account}${mailSignOff()}`,
      };
    case "declined":
      return {
        to: order.email,
        subject: `Your order ${ref} could not be supplied: full refund`,
        text: `${hello}Our pharmacist has reviewed order ${ref} and cannot supply it. You can read why in your account: ${account}\n\nWe have refunded ${formatPence(detail.amount_pence ?? order.totalPence)} in full; it reaches your card within 5 to 10 working days.${mailSignOff()}`,
      };
    case "refunded":
      return {
        to: order.email,
        subject: `Your order ${ref} has been refunded`,
        text: `${hello}Order ${ref} has been refunded in full (${formatPence(detail.amount_pence ?? order.totalPence)}); it reaches your card within 5 to 10 working days.${detail.reason === "discount_not_first_order" ? FIRST_ORDER_REFUND_NOTE : ""}${mailSignOff()}`,
      };
    case "cancelled":
      return null; // no payment was taken
  }
}

export const orderEventLabel = (kind: string): string => ORDER_EVENT_LABELS[kind as OrderEventKind] ?? kind;
