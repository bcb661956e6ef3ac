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
// Each test pays through the sandbox several times.
jest.setTimeout(30_000);

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

    // Used: its owner's second checkout with it is refused.
    await cartOf(shopper);
    const reuse = await checkout(shopper, { discount_code: code });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors.discount_code).toEqual(["Discount codes are for a first order only."]);
  });

  it("is its subscriber's alone: another customer's checkout is refused with the reason (issue 22, finding 7)", async () => {
    const subscriber = guestShopper();
    const code = await newsletterCode(subscriber.email);
    const stranger = guestShopper();
    await cartOf(stranger);
    // (A guest's quote comes before they type an email, so checkout is where it is refused.)
    const res = await checkout(stranger, { discount_code: code });
    expect(res.status).toBe(422);
    expect(res.body.errors.discount_code).toEqual([
      "This discount code was sent to a different email address. Please check out with the email address you signed up to our newsletter with.",
    ]);
    // The subscriber may check out with a tagged form of their address: it is the same mailbox.
    const tagged: Shopper = { ...guestShopper(), email: subscriber.email.replace("@", "+shop@") };
    await cartOf(tagged);
    expect((await checkout(tagged, { discount_code: code })).status).toBe(200);
  });

  it("sees plus-addresses and Gmail dots as one customer for the first-order rule (issue 22, finding 7)", async () => {
    const base = uniqueEmail("plus").replace(/@.*$/, "");
    const first: Shopper = { ...guestShopper(), email: `${base}@gmail.com` };
    await cartOf(first, 1000);
    await payFor(first);
    for (const alias of [`${base}+again@gmail.com`, `${base.slice(0, 2)}.${base.slice(2)}@googlemail.com`]) {
      const code = await newsletterCode(alias);
      const again: Shopper = { ...guestShopper(), email: alias };
      await cartOf(again, 1000);
      const res = await checkout(again, { discount_code: code });
      expect(res.status).toBe(422);
      expect(res.body.errors.discount_code).toEqual(["Discount codes are for a first order only."]);
    }
  });

  it("re-checks the first-order rule when the payment arrives: of two checkouts opened side by side, the one paid second is refunded (issue 22, finding 7)", async () => {
    const patient = await createUser();
    const { cookies } = await signIn(patient);
    const shopper = accountShopper(cookies, patient.email);
    const code = await newsletterCode(patient.email);
    // Two carts of one customer: the account's, and a guest checkout with a tagged address.
    const guest: Shopper = { ...guestShopper(), email: patient.email.replace("@", "+2@") };
    await cartOf(shopper, 1000);
    await cartOf(guest, 1000);
    const withCode = await checkout(shopper, { discount_code: code });
    const without = await checkout(guest);
    expect([withCode.status, without.status]).toEqual([200, 200]);

    await sandbox.pay(without.body.sessionId);
    await sandbox.pay(withCode.body.sessionId);
    expect((await orderByReference(without.body.reference)).status).toBe("AWAITING_DISPATCH");
    const refused = await orderByReference(withCode.body.reference);
    expect(refused.status).toBe("CANCELLED");
    const payment = await db.payment.findUniqueOrThrow({ where: { id: refused.paymentId } });
    expect(payment.status).toBe("REFUNDED");
    // The code is free again, and the patient is told why.
    expect(await db.discountRedemption.count({ where: { orderId: refused.id } })).toBe(0);
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: patient.email, subject: `Your order ${refused.reference} has been refunded` } });
    expect(mail.text).toContain("Your discount code was for a first order only");
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
    const email = uniqueEmail("shared");
    const [a, b] = [{ ...guestShopper(), email }, { ...guestShopper(), email }];
    const code = await newsletterCode(email);
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
    const other = { ...guestShopper(), email: shopper.email };
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
