import { POST as newsletter } from "@/app/api/newsletter/route";
import { GET as referralLink } from "@/app/r/[code]/route";
import { getOrCreateReferralCode } from "@/lib/server/discounts/referral-code";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { patientActor } from "@/tests/factories/actor";
import { uniqueEmail } from "@/tests/factories/guest";
import { createUser, signIn } from "@/tests/factories/user";
import { accountShopper, addToCart, checkout, createTestProduct, guestShopper, orderByReference, quote, type Shopper } from "./support/shop";

const sandbox = sandboxForThisFile();

async function newsletterCode(email: string): Promise<string> {
  await call(newsletter, "/api/newsletter", { json: { email, consent: true } });
  const row = await db.discountCode.findFirstOrThrow({ where: { subscriber: { email } } });
  return row.code;
}

async function cartOf(shopper: Shopper, pricePence = 5000) {
  const product = await createTestProduct({ pricePence });
  await addToCart(shopper, { product_slug: product.slug });
  return product;
}

async function payFor(shopper: Shopper, json: Record<string, unknown> = {}) {
  const res = await checkout(shopper, json);
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  await sandbox.pay(res.body.sessionId);
  return orderByReference(res.body.reference);
}

describe("the newsletter's personal code", () => {
  it("takes 10% off a first order, in any case, and works once", async () => {
    const shopper = guestShopper();
    const code = await newsletterCode(shopper.email);
    await cartOf(shopper);
    const q = await quote(shopper, { delivery_option: "standard", discount_code: ` ${code.toLowerCase()} ` });
    expect(q.body).toMatchObject({ subtotal: 50, discount: 5, delivery: 0, total: 45, discountCode: code });
    const order = await payFor(shopper, { discount_code: code.toLowerCase() });
    expect(order).toMatchObject({ subtotalPence: 5000, discountPence: 500, totalPence: 4500, status: "AWAITING_DISPATCH" });
    expect(order.lines[0]).toMatchObject({ discountPence: 500, lineTotalPence: 4500 });

    // Used: another customer cannot use it, and its owner's second order is not a first order.
    const friend = guestShopper();
    await cartOf(friend);
    const reuse = await checkout(friend, { discount_code: code });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors.discount_code).toEqual(["This discount code has already been used."]);
  });

  it("is refused with a reason for an unknown code and for a customer who ordered before", async () => {
    const shopper = guestShopper();
    await cartOf(shopper);
    const unknown = await quote(shopper, { delivery_option: "standard", discount_code: "WELCOME-NOPE2345" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.discount_code).toEqual(["This discount code is not valid. Please check it and try again."]);

    const patient = await createUser();
    const { cookies } = await signIn(patient);
    const returning = accountShopper(cookies, patient.email);
    await cartOf(returning, 1000);
    await payFor(returning);
    const code = await newsletterCode(patient.email);
    await cartOf(returning, 1000);
    const second = await checkout(returning, { discount_code: code });
    expect(second.status).toBe(422);
    expect(second.body.errors.discount_code).toEqual(["Discount codes are for a first order only."]);
  });

  it("lets only one of two simultaneous checkouts hold a single-use code", async () => {
    const [a, b] = [guestShopper(), guestShopper()];
    const code = await newsletterCode(uniqueEmail("shared"));
    await cartOf(a);
    await cartOf(b);
    const results = await Promise.all([checkout(a, { discount_code: code }), checkout(b, { discount_code: code })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it("gives the code back when the checkout that held it lapses", async () => {
    const shopper = guestShopper();
    const code = await newsletterCode(shopper.email);
    await cartOf(shopper);
    const first = await checkout(shopper, { discount_code: code });
    await sandbox.expire(first.body.sessionId);
    const other = guestShopper();
    await cartOf(other);
    expect((await checkout(other, { discount_code: code })).status).toBe(200);
  });
});

describe("referral codes", () => {
  it("gives a friend 10% once on their first order, from the link's cookie, never the code's owner", async () => {
    const referrer = await createUser();
    const { code, url } = await getOrCreateReferralCode(patientActor(referrer));
    expect(url).toMatch(new RegExp(`/r/${code}$`));
    expect((await getOrCreateReferralCode(patientActor(referrer))).code).toBe(code);

    const link = await call(referralLink as never, `/r/${code}`, { params: { code } });
    expect(link.status).toBe(303);
    expect(link.setCookie).toMatch(/referral_code=FRIEND-/);
    expect(link.setCookie).toMatch(/HttpOnly/i);

    const friend = guestShopper();
    friend.cookies.referral_code = code;
    await cartOf(friend);
    const order = await payFor(friend);
    expect(order.discountPence).toBe(500);

    // The same friend again: not a first order any more; the kept code is quietly not applied.
    await cartOf(friend);
    const again = await payFor(friend);
    expect(again.discountPence).toBe(0);
    // Typed, it is refused with the reason.
    await cartOf(friend);
    const typed = await checkout(friend, { discount_code: code });
    expect(typed.status).toBe(422);

    // Its owner cannot use it.
    const { cookies } = await signIn(referrer);
    const owner = accountShopper(cookies, referrer.email);
    await cartOf(owner);
    const own = await checkout(owner, { discount_code: code });
    expect(own.status).toBe(422);
    expect(own.body.errors.discount_code).toEqual(["You cannot use your own referral code."]);
  });

  it("ignores a malformed referral link", async () => {
    const link = await call(referralLink as never, "/r/<script>", { params: { code: "<script>" } });
    expect(link.status).toBe(303);
    expect(link.setCookie ?? "").not.toMatch(/referral_code/);
  });
});
