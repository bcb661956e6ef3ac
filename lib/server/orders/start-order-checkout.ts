import "server-only";
import { createHash } from "node:crypto";
import { startingDose } from "@/lib/medicines/dose-ladders";
import { priceOrder, type PricedOrder } from "@/lib/orders/pricing";
import { ownedBy, ownerColumns, ownerSql } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { customerKeyOf } from "@/lib/server/discounts/customer-key";
import { CODE_USED, holdDiscount, resolveDiscount, type ResolvedDiscount } from "@/lib/server/discounts/resolve-discount";
import { AppError } from "@/lib/server/core/errors/app-error";
import { newOrderReference } from "./order-reference";
import { CHECKOUT_MINUTES, openCheckoutSession } from "@/lib/server/services/payments/open-checkout-session";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { CHECKOUT_EMAIL_REQUIRED, type CheckoutInput } from "@/lib/validation/checkout";
import { loadCheckoutLines, type CheckoutLine } from "./checkout-lines";
import { cancelPendingOrder } from "./cancel-pending-order";
import { reserveStock } from "./stock";

const CART_EMPTY = "Your cart is empty.";
const CART_CHANGED = "Some items in your cart have changed since you added them. Please review your cart before paying.";
const DELIVERY_NOT_AVAILABLE = "Please choose a delivery option.";

type Options = {
  /** A referral code kept from a friend's link (/r/{code}): applied when the patient typed none and it is valid for them. */
  referralCode?: string | null;
};

/**
 * POST /api/checkout: turns the owner's cart into an order awaiting payment and opens its
 * Stripe Checkout session. One transaction under the cart's row lock: every line re-checked
 * against the catalogue (price, stock, the assessment behind a medicine), priced by
 * priceOrder from the database alone, stock and the discount code held for this order.
 * Anything that changed since the items were added stops here with a 409 that says what
 * (and the cart now shows the new prices). The same request again (a double click, a retry)
 * gets the same open checkout; a different one replaces the owner's unpaid checkout.
 */
export async function startOrderCheckout(actor: Actor, input: CheckoutInput, options: Options = {}): Promise<{ sessionId: string; url: string; reference: string }> {
  const email = actor.kind === "guest" ? input.email : actor.user.email;
  if (!email) throw new AppError("validation_failed", CHECKOUT_EMAIL_REQUIRED, { email: [CHECKOUT_EMAIL_REQUIRED] });
  const customer = { userId: actor.kind === "guest" ? null : actor.user.id, email };

  const result = await db.$transaction(async (tx) => {
    const cartId = await lockCart(tx, actor);
    const checked = cartId ? await loadCheckoutLines(tx, actor, cartId) : { lines: [], problems: [], priceChanges: [] };
    if (checked.lines.length === 0 && checked.problems.length === 0) throw new AppError("validation_failed", CART_EMPTY, { cart: [CART_EMPTY] });
    if (checked.problems.length > 0) {
      // Committed: the cart now shows today's prices, so a second try goes through.
      for (const change of checked.priceChanges) {
        await tx.cartItem.update({ where: { id: change.cartItemId }, data: { seenUnitPricePence: change.unitPricePence } });
      }
      return { problems: checked.problems } as const;
    }
    const delivery = await tx.deliveryOption.findUnique({ where: { slug: input.delivery_option } });
    if (!delivery) throw new AppError("validation_failed", DELIVERY_NOT_AVAILABLE, { delivery_option: [DELIVERY_NOT_AVAILABLE] });
    const discount = await chooseDiscount(tx, input.discount_code, options.referralCode ?? null, customer);
    const priced = priceOrder(checked.lines, delivery, discount?.percentOff ?? null);
    const fingerprint = fingerprintOf(checked.lines, input, email, discount);

    const owner = ownedBy(actor);
    const pending = await tx.order.findMany({
      where: { ...owner, status: "PENDING_PAYMENT" },
      select: { id: true, reference: true, checkoutFingerprint: true, payment: true },
    });
    const same = pending.find((order) => order.checkoutFingerprint === fingerprint && order.payment.status === "OPEN" && order.payment.expiresAt.getTime() > Date.now() + 60_000);
    if (same) return { order: same, payment: same.payment, priced, superseded: [] as string[] } as const;
    const superseded: string[] = [];
    for (const order of pending) {
      await cancelPendingOrder(tx, order.id);
      if (order.payment.checkoutSessionId) superseded.push(order.payment.checkoutSessionId);
    }

    // Whole seconds: Stripe's expires_at has no milliseconds, and our record must match it.
    const expiresAt = new Date(Math.ceil(Date.now() / 1000 + CHECKOUT_MINUTES * 60) * 1000);
    const payment = await tx.payment.create({ data: { purpose: "ORDER", amountPence: priced.totalPence, currency: "gbp", expiresAt } });
    const order = await tx.order.create({
      data: {
        reference: await newOrderReference(tx),
        ...ownerColumns(actor),
        email,
        customerKey: customerKeyOf(email),
        status: "PENDING_PAYMENT",
        paymentId: payment.id,
        deliveryOptionSlug: delivery.slug,
        deliveryName: delivery.name,
        deliveryPence: priced.deliveryPence,
        subtotalPence: priced.subtotalPence,
        discountPence: priced.discountPence,
        totalPence: priced.totalPence,
        discountCodeId: discount?.codeId ?? null,
        shipName: input.address.name,
        shipLine1: input.address.line1,
        shipLine2: input.address.line2,
        shipCity: input.address.city,
        shipPostcode: input.address.postcode,
        needsReview: checked.lines.some((line) => line.kind !== "COSMETIC"),
        checkoutFingerprint: fingerprint,
        lines: {
          create: priced.lines.map((line) => ({
            productId: line.productId,
            planId: line.planId,
            assessmentId: line.assessmentId,
            productKind: line.kind,
            name: line.name,
            durationLabel: line.durationLabel,
            unitPricePence: line.unitPricePence,
            quantity: line.quantity,
            stockUnits: line.stockUnits,
            discountPence: line.discountPence,
            lineTotalPence: line.lineTotalPence,
            // A dose-ladder medicine's first supply starts at the ladder's first dose (SmPC 4.2).
            dose: startingDose(line.productSlug),
          })),
        },
      },
      select: { id: true, reference: true },
    });
    const soldOut = await reserveStock(tx, checked.lines);
    if (soldOut) {
      const name = checked.lines.find((line) => line.productId === soldOut)?.name ?? "An item";
      throw new AppError("conflict", `${name} has just sold out. Please remove it from your cart.`, { cart: [`${name} has just sold out.`] });
    }
    if (discount && !(await holdDiscount(tx, discount, order.id))) throw new AppError("validation_failed", CODE_USED, { discount_code: [CODE_USED] });
    return { order, payment, priced, superseded } as const;
  });

  if ("problems" in result && result.problems) throw new AppError("conflict", `${CART_CHANGED} ${result.problems.join(" ")}`, { cart: result.problems });
  if (!("order" in result)) throw new AppError("internal", "Checkout could not start. Please try again.");
  await expireSessions(result.superseded);
  try {
    const session = await openCheckoutSession(result.payment, {
      itemName: `Order ${result.order.reference}`,
      itemDescription: "Your order",
      lineItems: checkoutLineItems(result.priced),
      customerEmail: email,
      successPath: "/checkout/success",
      cancelPath: "/cart?cancel=1",
      metadata: { order_id: result.order.id, order_reference: result.order.reference },
    });
    return { ...session, reference: result.order.reference };
  } catch (error) {
    await releaseUnopenedOrder(result.order.id, result.payment.id);
    throw error;
  }
}

/**
 * No checkout session, no hold: an order whose session the provider did not give us gives its
 * stock and code back at once (nothing else would: no session, no expiry event). Only while no
 * session was ever stored for it, so a concurrent start that did get one keeps its order.
 */
async function releaseUnopenedOrder(orderId: string, paymentId: string) {
  await db.$transaction(async (tx) => {
    const failed = await tx.payment.updateMany({ where: { id: paymentId, status: "OPEN", checkoutSessionId: null }, data: { status: "FAILED" } });
    if (failed.count === 1) await cancelPendingOrder(tx, orderId);
  });
}

/** The owner's cart row, locked for this transaction (checkouts of one cart run one at a time), or null. */
async function lockCart(tx: Tx, actor: Actor): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM carts WHERE ${ownerSql(ownedBy(actor))} FOR UPDATE`;
  return rows[0]?.id ?? null;
}

/** A typed code must be valid (422 otherwise); a kept referral code is used only when it is. */
async function chooseDiscount(tx: Tx, typed: string | undefined, referral: string | null, customer: { userId: string | null; email: string }): Promise<ResolvedDiscount | null> {
  if (typed && typed.trim() !== "") return resolveDiscount(tx, typed, customer);
  if (!referral) return null;
  try {
    return await resolveDiscount(tx, referral, customer);
  } catch (error) {
    if (error instanceof AppError && error.code === "validation_failed") return null;
    throw error;
  }
}

function fingerprintOf(lines: CheckoutLine[], input: CheckoutInput, email: string, discount: ResolvedDiscount | null): string {
  const parts = {
    lines: lines.map((line) => [line.productId, line.planId, line.assessmentId, line.quantity, line.unitPricePence]),
    delivery: input.delivery_option,
    address: input.address,
    email,
    code: discount?.codeId ?? null,
  };
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/** What the hosted page lists: each line net of its discount, then delivery. */
function checkoutLineItems(priced: PricedOrder<CheckoutLine>) {
  const items = priced.lines.map((line) => ({
    name: line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name,
    description: line.discountPence > 0 ? "10% first-order discount applied" : undefined,
    amountPence: line.lineTotalPence,
  }));
  return [...items, { name: priced.deliveryPence > 0 ? "Delivery" : "Delivery (free)", amountPence: priced.deliveryPence }];
}

/** Closes replaced checkouts at the provider, so an old tab cannot pay for a cancelled order. Best effort: a late payment is refunded. */
async function expireSessions(sessionIds: string[]) {
  for (const id of sessionIds) {
    try {
      await stripe().checkout.sessions.expire(id);
    } catch {
      // Already expired or completed: the payment handler deals with a late payment.
    }
  }
}
