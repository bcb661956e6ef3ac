import "server-only";
import { db } from "@/lib/server/core/db/client";
import { confirmCheckoutReturn, type CheckoutReturn, type CheckoutReturnInput } from "@/lib/server/services/payments/confirm-checkout-return";
import { registerCheckoutReturnReader } from "@/lib/server/services/payments/purpose-registry";
import type { OrderStatus } from "@/lib/orders/order-timeline";
// This domain applies checkouts for its own orders: its payment handler must be registered.
import "./order-payment-handler";

export type OrderReturnView = { reference: string; status: OrderStatus; totalPence: number; email: string; needsReview: boolean };

registerCheckoutReturnReader<OrderReturnView>("ORDER", async (paymentId) => {
  const row = await db.order.findUnique({
    where: { paymentId },
    select: { reference: true, status: true, totalPence: true, email: true, needsReview: true, userId: true, guestKeyHash: true },
  });
  if (!row) return null;
  const { userId, guestKeyHash, ...order } = row;
  return { owner: { userId, guestKeyHash }, view: order };
});

/** Coming back from checkout (/checkout/success): the one checkout return (payments), for a shop order. */
export function confirmOrderPayment(input: CheckoutReturnInput): Promise<CheckoutReturn<OrderReturnView>> {
  return confirmCheckoutReturn<OrderReturnView>({ ...input, purpose: "ORDER" });
}
