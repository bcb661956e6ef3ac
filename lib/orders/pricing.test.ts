import { isDiscountable, priceOrder, type DeliveryRule, type PricingLine } from "./pricing";

const standard: DeliveryRule = { slug: "standard", name: "Standard delivery", pricePence: 399, freeFromPence: 4000 };
const nextDay: DeliveryRule = { slug: "next-day", name: "Next day delivery", pricePence: 599, freeFromPence: null };
const line = (kind: PricingLine["kind"], unitPricePence: number, quantity = 1): PricingLine => ({ kind, unitPricePence, quantity });

describe("priceOrder", () => {
  it("charges standard delivery at £39.99 and none at £40.00", () => {
    expect(priceOrder([line("COSMETIC", 3999)], standard, null)).toMatchObject({ subtotalPence: 3999, deliveryPence: 399, totalPence: 4398, freeDelivery: false });
    expect(priceOrder([line("COSMETIC", 4000)], standard, null)).toMatchObject({ subtotalPence: 4000, deliveryPence: 0, totalPence: 4000, freeDelivery: true });
  });

  it("always charges next day delivery", () => {
    expect(priceOrder([line("COSMETIC", 10000)], nextDay, null)).toMatchObject({ deliveryPence: 599, totalPence: 10599 });
  });

  it("takes 10% off cosmetic and pharmacy lines only, never prescription-only medicines", () => {
    const order = priceOrder([line("COSMETIC", 1599, 2), line("PHARMACY_MEDICINE", 2999), line("PRESCRIPTION_ONLY", 19900)], nextDay, 10);
    expect(order.lines.map((l) => l.discountPence)).toEqual([320, 300, 0]);
    expect(order).toMatchObject({ subtotalPence: 3198 + 2999 + 19900, discountPence: 620, totalPence: 3198 + 2999 + 19900 - 620 + 599 });
    expect(order.lines.map((l) => l.lineTotalPence)).toEqual([2878, 2699, 19900]);
  });

  it("decides free delivery on what is paid after the discount", () => {
    // £42.00 of shampoo less 10% = £37.80: below £40, so standard delivery is charged.
    expect(priceOrder([line("COSMETIC", 4200)], standard, 10)).toMatchObject({ discountPence: 420, deliveryPence: 399, totalPence: 3780 + 399 });
    // A POM line is not discounted, so it keeps the order over the threshold.
    expect(priceOrder([line("PRESCRIPTION_ONLY", 4000)], standard, 10)).toMatchObject({ discountPence: 0, deliveryPence: 0, totalPence: 4000 });
  });

  it("rounds each line's discount to the nearest penny and keeps the totals consistent", () => {
    const order = priceOrder([line("COSMETIC", 1599), line("COSMETIC", 1595)], standard, 10);
    expect(order.lines.map((l) => l.discountPence)).toEqual([160, 160]);
    expect(order.totalPence).toBe(order.subtotalPence - order.discountPence + order.deliveryPence);
  });

  it("knows which kinds a code may reduce", () => {
    expect(["COSMETIC", "PHARMACY_MEDICINE", "PRESCRIPTION_ONLY", "SERVICE"].map((k) => isDiscountable(k as PricingLine["kind"]))).toEqual([true, true, false, false]);
  });
});
