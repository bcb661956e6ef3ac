import "server-only";
import { customerKeyOf } from "@/lib/server/discounts/customer-key";
import { planLabel } from "@/lib/server/cart/get-cart";
import type { Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { newOrderReference } from "./order-reference";
import { transitionOrder } from "./order-events";

export type RenewalOrderInput = {
  subscriptionId: string;
  invoiceId: string;
  /** The approved check-in that allowed a repeat prescription-only supply (one order each). */
  checkInId?: string | null;
  paymentIntentId: string | null;
  amountPence: number;
  owner: { userId: string | null; guestKeyHash: string | null };
  email: string;
  plan: { id: string; durationMonths: number };
  product: { id: string; name: string; kind: "COSMETIC" | "PHARMACY_MEDICINE" | "PRESCRIPTION_ONLY" | "SERVICE" };
  assessmentId: string | null;
  /** The dose this period supplies (a dose-ladder medicine), or null. */
  dose?: string | null;
  address: { shipName: string | null; shipLine1: string | null; shipLine2: string; shipCity: string | null; shipPostcode: string | null };
};

/**
 * The order for one paid subscription invoice (the first period or a renewal), inside the
 * caller's transaction, which holds the subscription's lock. One order per invoice (a unique
 * column): a repeated or concurrent invoice.paid finds it made. Delivery is included in the
 * plan's price. A medicine joins the pharmacist's queue like any shop order; the payment row
 * holds the invoice's payment intent, so a decline refunds it like any order.
 */
export async function createRenewalOrder(tx: Tx, input: RenewalOrderInput): Promise<{ created: boolean; orderId: string }> {
  const existing = await tx.order.findUnique({ where: { stripeInvoiceId: input.invoiceId }, select: { id: true } });
  if (existing) return { created: false, orderId: existing.id };
  const { shipName, shipLine1, shipCity, shipPostcode, shipLine2 } = input.address;
  // Retried later (the webhook answers 5xx): Checkout collects the address before payment.
  if (!shipName || !shipLine1 || !shipCity || !shipPostcode) throw new AppError("internal", `Subscription ${input.subscriptionId} has no delivery address yet.`);
  const needsReview = input.product.kind !== "COSMETIC";
  const now = new Date();
  const payment = await tx.payment.create({
    data: { purpose: "ORDER", amountPence: input.amountPence, currency: "gbp", status: "PAID", paymentIntentId: input.paymentIntentId, paidAt: now, expiresAt: now },
    select: { id: true },
  });
  const order = await tx.order.create({
    data: {
      reference: await newOrderReference(tx),
      ...input.owner,
      email: input.email,
      customerKey: customerKeyOf(input.email),
      status: "PENDING_PAYMENT",
      paymentId: payment.id,
      deliveryOptionSlug: "standard",
      deliveryName: "Standard delivery (included in your plan)",
      deliveryPence: 0,
      subtotalPence: input.amountPence,
      totalPence: input.amountPence,
      shipName,
      shipLine1,
      shipLine2,
      shipCity,
      shipPostcode,
      needsReview,
      checkoutFingerprint: `invoice:${input.invoiceId}`,
      subscriptionId: input.subscriptionId,
      stripeInvoiceId: input.invoiceId,
      checkInId: input.checkInId ?? null,
      lines: {
        create: {
          productId: input.product.id,
          planId: input.plan.id,
          assessmentId: input.assessmentId,
          productKind: input.product.kind,
          name: input.product.name,
          durationLabel: planLabel(input.plan.durationMonths),
          unitPricePence: input.amountPence,
          quantity: 1,
          stockUnits: input.plan.durationMonths,
          lineTotalPence: input.amountPence,
          dose: input.dose ?? null,
        },
      },
    },
    select: { id: true, reference: true, email: true, shipName: true, totalPence: true },
  });
  await transitionOrder(tx, order, {
    from: ["PENDING_PAYMENT"],
    to: needsReview ? "AWAITING_PHARMACIST" : "AWAITING_DISPATCH",
    events: ["paid", needsReview ? "awaiting_pharmacist" : "awaiting_dispatch"],
    data: { paidAt: now },
  });
  return { created: true, orderId: order.id };
}
