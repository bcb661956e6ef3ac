// An order's money, in integer pence, from catalogue prices the server read. One pure
// function for the cart's summary, the quote and the checkout, so what the patient is shown
// before paying is what Stripe is asked to charge.

export type ProductKind = "COSMETIC" | "PHARMACY_MEDICINE" | "PRESCRIPTION_ONLY" | "SERVICE";

export type PricingLine = { kind: ProductKind; unitPricePence: number; quantity: number };

export type DeliveryRule = { slug: string; name: string; pricePence: number; freeFromPence: number | null };

type PricedLine<L extends PricingLine> = L & { grossPence: number; discountPence: number; lineTotalPence: number };

export type PricedOrder<L extends PricingLine> = {
  lines: PricedLine<L>[];
  /** Sum of the lines before the discount. */
  subtotalPence: number;
  discountPence: number;
  deliveryPence: number;
  totalPence: number;
  /** The delivery option was free because the discounted goods reached its threshold. */
  freeDelivery: boolean;
};

/**
 * A discount code may reduce only these lines: UK rules forbid price promotions on
 * prescription-only medicines (product decisions, "discount rule"); a service is not in the cart.
 */
export function isDiscountable(kind: ProductKind): boolean {
  return kind === "COSMETIC" || kind === "PHARMACY_MEDICINE";
}

/**
 * Prices an order. The discount is `percentOff` of each discountable line, rounded to the
 * nearest penny per line. Delivery is free when what the patient pays for the goods (after
 * the discount) reaches the option's threshold: "Free shipping on orders £40+" means £40.00
 * and above, so £39.99 pays delivery.
 */
export function priceOrder<L extends PricingLine>(lines: L[], delivery: DeliveryRule, percentOff: number | null): PricedOrder<L> {
  const priced = lines.map((line) => {
    const grossPence = line.unitPricePence * line.quantity;
    const discountPence = percentOff && isDiscountable(line.kind) ? Math.round((grossPence * percentOff) / 100) : 0;
    return { ...line, grossPence, discountPence, lineTotalPence: grossPence - discountPence };
  });
  const subtotalPence = priced.reduce((sum, line) => sum + line.grossPence, 0);
  const discountPence = priced.reduce((sum, line) => sum + line.discountPence, 0);
  const goodsPence = subtotalPence - discountPence;
  const freeDelivery = delivery.freeFromPence !== null && goodsPence >= delivery.freeFromPence;
  const deliveryPence = freeDelivery ? 0 : delivery.pricePence;
  return { lines: priced, subtotalPence, discountPence, deliveryPence, totalPence: goodsPence + deliveryPence, freeDelivery };
}
