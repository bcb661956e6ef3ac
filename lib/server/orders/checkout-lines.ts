import "server-only";
import { formatPence } from "@/lib/format/money";
import { isDirectlyPurchasable } from "@/lib/catalogue/next-step";
import type { Actor } from "@/lib/server/core/actor/types";
import { cartItemSelect, currentUnitPrice, planLabel } from "@/lib/server/cart/get-cart";
import { checkPassedAssessment } from "@/lib/server/cart/passed-assessment";
import type { Tx } from "@/lib/server/core/db/client";
import type { ProductKind } from "@/lib/orders/pricing";

export type CheckoutLine = {
  cartItemId: string;
  productId: string;
  productSlug: string;
  planId: string | null;
  assessmentId: string | null;
  kind: ProductKind;
  name: string;
  durationLabel: string;
  unitPricePence: number;
  quantity: number;
  /** Units of stock the line takes: a 3-month plan is three months' supply. */
  stockUnits: number;
};

export type CheckoutLines = {
  lines: CheckoutLine[];
  /** What changed since the patient added the items, in words; empty when checkout may go on. */
  problems: string[];
  /** Lines whose price changed: the price the patient has now been shown. */
  priceChanges: { cartItemId: string; unitPricePence: number }[];
};

/**
 * The cart's lines as checkout must see them, re-read from the catalogue inside the
 * checkout's transaction: every line still for sale at a price, the price the patient saw,
 * enough stock, and for a medicine a passed, unexpired assessment of this same owner that
 * allows it. Anything that changed becomes a sentence the cart page shows before payment.
 */
export async function loadCheckoutLines(tx: Tx, actor: Actor, cartId: string): Promise<CheckoutLines> {
  const rows = await tx.cartItem.findMany({ where: { cartId }, select: cartItemSelect, orderBy: { createdAt: "asc" } });
  const result: CheckoutLines = { lines: [], problems: [], priceChanges: [] };
  const stockLeft = new Map<string, number | null>();
  for (const row of rows) {
    const { product, plan } = row;
    const name = plan ? `${product.name}, ${plan.durationMonths}-month supply` : product.name;
    const unitPricePence = currentUnitPrice(row);
    if (!product.isActive || unitPricePence === null || (plan && !plan.isActive) || product.kind === "SERVICE") {
      result.problems.push(`${name} is no longer available. Please remove it from your cart.`);
      continue;
    }
    if (!isDirectlyPurchasable(product.kind)) {
      const check = await checkPassedAssessment(tx, actor, row.assessmentId);
      if (!check.ok) {
        result.problems.push(`${name}: ${check.message}`);
        continue;
      }
      if (check.pass.productSlug !== product.slug) {
        result.problems.push(`${name}: your assessment does not cover this product. Please take its own assessment.`);
        continue;
      }
    }
    if (row.seenUnitPricePence !== unitPricePence) {
      result.problems.push(`The price of ${name} has changed from ${formatPence(row.seenUnitPricePence)} to ${formatPence(unitPricePence)}.`);
      result.priceChanges.push({ cartItemId: row.id, unitPricePence });
    }
    const stockUnits = row.quantity * (plan?.durationMonths ?? 1);
    const left = stockLeft.has(product.id) ? stockLeft.get(product.id)! : product.stockQuantity;
    if (left !== null && left < stockUnits) {
      result.problems.push(left <= 0 ? `${name} is out of stock. Please remove it from your cart.` : `Only ${left} of ${product.name} left in stock. Please lower the quantity.`);
    }
    stockLeft.set(product.id, left === null ? null : left - stockUnits);
    result.lines.push({
      cartItemId: row.id,
      productId: product.id,
      productSlug: product.slug,
      planId: plan?.id ?? null,
      assessmentId: isDirectlyPurchasable(product.kind) ? null : row.assessmentId,
      kind: product.kind,
      name,
      durationLabel: plan ? planLabel(plan.durationMonths) : "One-off purchase",
      unitPricePence,
      quantity: row.quantity,
      stockUnits,
    });
  }
  return result;
}
