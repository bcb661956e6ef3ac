import { POST as addItem } from "@/app/api/cart/items/route";
import { POST as newsletter } from "@/app/api/newsletter/route";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { ASSESSMENT_PATHS, passAssessment, takeAssessment } from "@/tests/factories/assessment";
import { addToCart, checkout, createPaidOrder, guestShopper, orderByReference, type Shopper } from "./support/shop";

const sandbox = sandboxForThisFile();

const REQUIRED = "Complete the assessment before adding this treatment to your cart.";

async function plan(slug: string) {
  return db.plan.findUniqueOrThrow({ where: { slug } });
}

describe("medicines in the cart", () => {
  it.each(["viagra", "cialis", "mounjaro", "minoxidil-5-men", "minoxidil-2-women"])("refuses %s without an assessment, through both cart endpoints (422)", async (slug) => {
    const shopper = guestShopper();
    for (const res of [await addToCart(shopper, { product_slug: slug }), await call(addItem, "/api/cart/items", { json: { product_slug: slug }, cookies: shopper.cookies, headers: shopper.headers })]) {
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(REQUIRED);
    }
    expect(await db.cartItem.count({ where: { cart: { guestKeyHash: { not: null } }, product: { slug }, createdAt: { gt: new Date(Date.now() - 5000) } } })).toBe(0);
  });

  it("refuses a plan without an assessment, with someone else's, with a failed one, an expired one, or another treatment's", async () => {
    const shopper = guestShopper();
    const viagraPlan = await plan("viagra-1-month");
    expect((await addToCart(shopper, { plan_id: viagraPlan.id })).body.message).toBe(REQUIRED);

    const stranger = guestShopper();
    const theirs = await passAssessment("viagra", stranger);
    const r1 = await addToCart(shopper, { plan_id: viagraPlan.id, assessment_id: theirs });
    expect(r1.status).toBe(422);
    expect(r1.body.message).toBe(REQUIRED);

    const failed = await takeAssessment("viagra", { 1: { choice: "Female" } }, shopper);
    const r2 = await addToCart(shopper, { plan_id: viagraPlan.id, assessment_id: failed.id });
    expect(r2.status).toBe(422);
    expect(r2.body.message).toBe("This assessment does not allow this treatment. Please book a consultation.");

    const passed = await passAssessment("viagra", shopper);
    await db.questionnaireResponse.update({ where: { id: passed }, data: { validUntil: new Date(Date.now() - 1000) } });
    const r3 = await addToCart(shopper, { plan_id: viagraPlan.id, assessment_id: passed });
    expect(r3.body.message).toBe("Your assessment for this treatment has expired. Please take the assessment again.");

    const minoxidil = await passAssessment("minoxidil", shopper);
    const r4 = await addToCart(shopper, { plan_id: viagraPlan.id, assessment_id: minoxidil });
    expect(r4.status).toBe(422);
    expect(r4.body.message).toBe("This plan is for a different treatment from your assessment.");
    expect((await addToCart(shopper, { plan_id: "no-such-plan", assessment_id: minoxidil })).body.message).toBe("This plan is not available.");
  });

  it("adds a plan with its passed assessment: the medicine is read from the answers, priced from the catalogue", async () => {
    const shopper = guestShopper();
    const assessmentId = await passAssessment("minoxidil", shopper, ASSESSMENT_PATHS["minoxidil-women"]);
    const threeMonths = await plan("minoxidil-3-months");
    const res = await addToCart(shopper, { plan_id: threeMonths.id, assessment_id: assessmentId, price: 0.01, product_slug: "minoxidil-5-men" });
    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([
      expect.objectContaining({ product_slug: "minoxidil-2-women", plan_id: threeMonths.id, subscription: "3-Month", price: 79.99, quantity: 1, name: "Minoxidil 2% for Women, 3-month supply" }),
    ]);
    // Choosing the other plan replaces it: one plan per medicine.
    const oneMonth = await plan("minoxidil-1-month");
    const again = await addToCart(shopper, { plan_id: oneMonth.slug, assessment_id: assessmentId });
    expect(again.body.items).toEqual([expect.objectContaining({ subscription: "1-Month", price: 29.99, quantity: 1 })]);
  });

  it("takes the 10% code off the cosmetic and pharmacy lines only, never a prescription-only medicine", async () => {
    const shopper: Shopper = guestShopper();
    await call(newsletter, "/api/newsletter", { json: { email: shopper.email, consent: true } });
    const code = (await db.discountCode.findFirstOrThrow({ where: { subscriber: { email: shopper.email } } })).code;
    const viagra = await passAssessment("viagra", shopper);
    const minoxidil = await passAssessment("minoxidil", shopper);
    await addToCart(shopper, { plan_id: "viagra-1-month", assessment_id: viagra });
    await addToCart(shopper, { plan_id: "minoxidil-1-month", assessment_id: minoxidil });
    await addToCart(shopper, { product_slug: "men-shampoo" });
    const res = await checkout(shopper, { discount_code: code });
    expect(res.status).toBe(200);
    const order = await orderByReference(res.body.reference);
    const byKind = Object.fromEntries(order.lines.map((line) => [line.productKind, line]));
    expect(byKind.PRESCRIPTION_ONLY).toMatchObject({ unitPricePence: 2499, discountPence: 0, assessmentId: viagra });
    expect(byKind.PHARMACY_MEDICINE).toMatchObject({ unitPricePence: 2999, discountPence: 300, assessmentId: minoxidil });
    expect(byKind.COSMETIC).toMatchObject({ unitPricePence: 1599, discountPence: 160, assessmentId: null });
    expect(order).toMatchObject({ subtotalPence: 2499 + 2999 + 1599, discountPence: 460, deliveryPence: 0, needsReview: true });
  });

  it("stops checkout when the assessment behind a line expired after it was added", async () => {
    const shopper = guestShopper();
    const id = await passAssessment("cialis", shopper);
    await addToCart(shopper, { plan_id: "cialis-1-month", assessment_id: id });
    await db.questionnaireResponse.update({ where: { id }, data: { validUntil: new Date(Date.now() - 1000) } });
    const res = await checkout(shopper);
    expect(res.status).toBe(409);
    expect(res.body.errors.cart).toEqual(["Cialis (tadalafil), 1-month supply: Your assessment for this treatment has expired. Please take the assessment again."]);
  });

  it("sends a paid medicine order to the pharmacist's queue, with its timeline", async () => {
    const { order } = await createPaidOrder(sandbox);
    expect(order.status).toBe("AWAITING_PHARMACIST");
    expect(order.events.map((event) => event.kind)).toEqual(["paid", "awaiting_pharmacist"]);
    expect(order.lines[0]?.assessmentId).toBeTruthy();
  });
});
