import { randomInt, randomUUID } from "node:crypto";
import { POST as addItem } from "@/app/api/cart/route";
import { POST as checkoutRoute } from "@/app/api/checkout/route";
import { POST as quoteRoute } from "@/app/api/checkout/quote/route";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { makeGuestId, uniqueEmail } from "@/tests/factories/guest";

export const ADDRESS = { name: "Sam Taylor", line1: "1 High Street", line2: "", city: "Leeds", postcode: "LS1 4AP" };

/** A shopper: a guest (or a signed-in patient's cookies) calling from an address of their own, as real patients do. */
export type Shopper = { cookies: Record<string, string>; headers: Record<string, string>; email: string };

export function guestShopper(): Shopper {
  return {
    cookies: { guest_id: makeGuestId() },
    headers: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
    email: uniqueEmail("shopper"),
  };
}

export function accountShopper(cookies: Record<string, string>, email: string): Shopper {
  return { cookies, headers: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` }, email };
}

/** A product of this test's own, so prices and stock are the test's to set. */
export async function createTestProduct(options: { pricePence: number; kind?: "COSMETIC" | "PHARMACY_MEDICINE" | "PRESCRIPTION_ONLY"; stockQuantity?: number | null; name?: string }) {
  const slug = `test-${randomUUID().slice(0, 8)}`;
  return db.product.create({
    data: {
      slug,
      name: options.name ?? `Test product ${slug}`,
      kind: options.kind ?? "COSMETIC",
      summary: "A test product.",
      description: "A test product.",
      whoFor: "Tests.",
      howToUse: "Tests.",
      pricePence: options.pricePence,
      image: "/images/men-shampoo.svg",
      imageAlt: "",
      stockQuantity: options.stockQuantity ?? null,
    },
  });
}

export function addToCart(shopper: Shopper, json: unknown) {
  return call(addItem, "/api/cart", { json, cookies: shopper.cookies, headers: shopper.headers });
}

export function quote(shopper: Shopper, json: unknown) {
  return call(quoteRoute, "/api/checkout/quote", { json, cookies: shopper.cookies, headers: shopper.headers });
}

export function checkout(shopper: Shopper, json: Record<string, unknown> = {}) {
  const isGuest = !Object.keys(shopper.cookies).some((name) => name.includes("session-token"));
  return call(checkoutRoute, "/api/checkout", {
    json: { delivery_option: "standard", address: ADDRESS, ...(isGuest ? { email: shopper.email } : {}), ...json },
    cookies: shopper.cookies,
    headers: shopper.headers,
  });
}

/** The order a checkout answered with, by its reference. */
export function orderByReference(reference: string) {
  return db.order.findUniqueOrThrow({ where: { reference }, include: { lines: true, payment: true, events: { orderBy: { id: "asc" } } } });
}

/**
 * A paid order, made the way a patient makes one: a guest (or the given shopper) passes the
 * assessment when the order holds a medicine, adds the minoxidil 1-month plan (medicine) or a
 * cosmetic, checks out and pays in the sandbox. Medicine orders wait for the pharmacist.
 */
export async function createPaidOrder(
  sandbox: { pay(sessionId: string): Promise<unknown> },
  options: { medicine?: boolean; shopper?: Shopper } = {},
) {
  const { passAssessment } = await import("@/tests/factories/assessment");
  const shopper = options.shopper ?? guestShopper();
  const medicine = options.medicine ?? true;
  if (medicine) {
    const assessmentId = await passAssessment("minoxidil", shopper);
    const added = await addToCart(shopper, { plan_id: "minoxidil-1-month", assessment_id: assessmentId });
    if (added.status !== 201) throw new Error(`add plan: ${added.status} ${JSON.stringify(added.body)}`);
  } else {
    const added = await addToCart(shopper, { product_slug: "men-shampoo" });
    if (added.status !== 201) throw new Error(`add cosmetic: ${added.status} ${JSON.stringify(added.body)}`);
  }
  const res = await checkout(shopper);
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  await sandbox.pay(res.body.sessionId);
  const order = await orderByReference(res.body.reference);
  const expected = medicine ? "AWAITING_PHARMACIST" : "AWAITING_DISPATCH";
  if (order.status !== expected) throw new Error(`order is ${order.status}, not ${expected}`);
  return { order, shopper, sessionId: res.body.sessionId as string };
}
