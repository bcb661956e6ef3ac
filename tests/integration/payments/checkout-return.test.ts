import Stripe from "stripe";
import { POST as prescriptionPay } from "@/app/api/prescription/pay/route";
import type { Actor } from "@/lib/server/core/actor/types";
import { confirmBookingReturn } from "@/lib/server/booking/confirm-booking-return";
import { confirmOrderPayment } from "@/lib/server/orders/confirm-order-payment";
import type { CheckoutReturn, CheckoutReturnInput } from "@/lib/server/services/payments/confirm-checkout-return";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { confirmPrescriptionPayment } from "@/lib/server/prescriptions/confirm-prescription-payment";
import { guestActor, patientActor } from "@/tests/factories/actor";
import { freshSlot, payForSlot } from "@/tests/factories/booking";
import { newClientAddress, spendCheckoutReturnBudget } from "@/tests/factories/client-address";
import { makeGuestId } from "@/tests/factories/guest";
import { answerQuestionnaire } from "@/tests/factories/questionnaire";
import { createUser, signIn } from "@/tests/factories/user";
import { addToCart, checkout, createTestProduct, guestShopper } from "@/tests/integration/orders/support/shop";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { deliverWebhook, holdingSandboxForThisFile } from "@/tests/support/stripe-sandbox";

// The one checkout return (lib/server/services/payments/confirm-checkout-return.ts), through each of
// the purposes that return to it: the same look-up rules, budget and provider-error policy.
const { sandbox, hold, release } = holdingSandboxForThisFile();

type Opened = { sessionId: string; owner: Actor; confirm: (input: CheckoutReturnInput) => Promise<CheckoutReturn<unknown>>; record: () => Promise<string> };

/** An open (unpaid) checkout of each purpose, made through its own API as a patient makes it. */
const purposes: Record<string, () => Promise<Opened>> = {
  prescription: async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    const headers = { "x-forwarded-for": newClientAddress() };
    const questionnaireId = await answerQuestionnaire({ cookies, headers });
    const res = await call(prescriptionPay, "/api/prescription/pay", { json: { price: 19.99, questionnaire_id: questionnaireId }, cookies, headers });
    expect(res.status).toBe(200);
    const record = async () => (await db.prescriptionRequest.findFirstOrThrow({ where: { responseId: questionnaireId } })).status;
    return { sessionId: res.body.id, owner: patientActor(user), confirm: confirmPrescriptionPayment, record };
  },
  booking: async () => {
    const guestId = makeGuestId();
    const res = await payForSlot(await freshSlot(), { guestId });
    expect(res.status).toBe(200);
    const record = async () => (await db.consultationBooking.findFirstOrThrow({ where: { payment: { checkoutSessionId: res.body.sessionId } } })).status;
    return { sessionId: res.body.sessionId, owner: guestActor(guestId), confirm: confirmBookingReturn, record };
  },
  order: async () => {
    const product = await createTestProduct({ pricePence: 1200 });
    const shopper = guestShopper();
    await addToCart(shopper, { product_slug: product.slug });
    const res = await checkout(shopper);
    expect(res.status).toBe(200);
    const record = async () => (await db.order.findUniqueOrThrow({ where: { reference: res.body.reference } })).status;
    return { sessionId: res.body.sessionId, owner: guestActor(shopper.cookies.guest_id!), confirm: confirmOrderPayment, record };
  },
};

let retrieve: jest.SpyInstance;
beforeEach(() => {
  retrieve = jest.spyOn(stripe().checkout.sessions, "retrieve");
});
afterEach(() => {
  retrieve.mockRestore();
  release();
});

const quietErrors = () => jest.spyOn(console, "error").mockImplementation(() => undefined);

describe("the 31st look-up from one client address", () => {
  it("does not reach the provider for a prescription return: the patient sees \"confirming\" until the webhook arrives", async () => {
    const { sessionId, owner, record } = await purposes.prescription!();
    const address = newClientAddress();
    for (let i = 0; i < 30; i++) {
      expect(await confirmPrescriptionPayment({ sessionId, actor: owner, clientAddress: address })).toMatchObject({ state: "failed" });
    }
    expect(retrieve).toHaveBeenCalledTimes(30);
    // Paid at the provider; its webhook held back.
    hold();
    await sandbox.pay(sessionId);
    const result = await confirmPrescriptionPayment({ sessionId, actor: owner, clientAddress: address });
    expect(result).toMatchObject({ state: "confirming", view: { status: "PENDING_PAYMENT" } });
    expect(retrieve).toHaveBeenCalledTimes(30);
    expect(await record()).toBe("PENDING_PAYMENT");
    // The same from another address asks, and saves the request as the webhook would.
    expect(await confirmPrescriptionPayment({ sessionId, actor: owner, clientAddress: newClientAddress() })).toMatchObject({ state: "paid", view: { status: "SUBMITTED" } });
    expect(retrieve).toHaveBeenCalledTimes(31);
    for (const delivery of release()) expect((await deliverWebhook(delivery.payload, delivery.signature)).status).toBe(200);
    expect(await record()).toBe("SUBMITTED");
  });

  it.each(["booking", "order"])("does not reach the provider for a %s return either", async (purpose) => {
    const { sessionId, owner, confirm } = await purposes[purpose]!();
    const address = newClientAddress();
    await spendCheckoutReturnBudget(address);
    hold();
    await sandbox.pay(sessionId);
    expect(await confirm({ sessionId, actor: owner, clientAddress: address })).toMatchObject({ state: "confirming", view: expect.anything() });
    expect(retrieve).not.toHaveBeenCalled();
    expect(await confirm({ sessionId, actor: owner, clientAddress: newClientAddress() })).toMatchObject({ state: "paid" });
    expect(retrieve).toHaveBeenCalledTimes(1);
  });
});

describe.each(Object.keys(purposes))("a %s return", (purpose) => {
  const open = () => purposes[purpose]!();

  it("does not look up a session whose expiry has passed, nor one the webhook recorded as expired", async () => {
    const first = await open();
    // Past its expiry in our records, before the provider's expiry event has arrived.
    await db.payment.update({ where: { checkoutSessionId: first.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await first.confirm({ sessionId: first.sessionId, actor: first.owner, clientAddress: newClientAddress() })).toMatchObject({ state: "confirming" });
    const second = await open();
    await sandbox.expire(second.sessionId);
    expect(await second.confirm({ sessionId: second.sessionId, actor: second.owner, clientAddress: newClientAddress() })).toMatchObject({ state: "failed" });
    expect(retrieve).not.toHaveBeenCalled();
  });

  it("shows the record to its owner only: another person, a guest or nobody holding the link gets the state and no view", async () => {
    const { sessionId, owner, confirm } = await open();
    await sandbox.pay(sessionId);
    expect(await confirm({ sessionId, actor: owner, clientAddress: newClientAddress() })).toMatchObject({ state: "paid", view: expect.objectContaining({ reference: expect.any(String) }) });
    for (const stranger of [patientActor(await createUser()), guestActor(makeGuestId()), null]) {
      expect(await confirm({ sessionId, actor: stranger, clientAddress: newClientAddress() })).toEqual({ state: "paid", view: null });
    }
  });

  it("answers from our records when the provider errs, never throwing, and logs the payment id only", async () => {
    const { sessionId, owner, confirm, record } = await open();
    const quiet = quietErrors();
    try {
      for (const error of [
        new Stripe.errors.StripeAPIError({ message: "An unknown error occurred", type: "api_error" }),
        new Stripe.errors.StripeConnectionError({ message: "connect ECONNREFUSED", type: "api_error" }),
        new Error("socket hang up"),
      ]) {
        retrieve.mockRejectedValueOnce(error);
        expect(await confirm({ sessionId, actor: owner, clientAddress: newClientAddress() })).toMatchObject({ state: "confirming", view: expect.anything() });
      }
      const payment = await db.payment.findUniqueOrThrow({ where: { checkoutSessionId: sessionId } });
      const logged = quiet.mock.calls.map((args) => String(args[0])).filter((line) => line.includes("Checkout return"));
      expect(logged).toHaveLength(3);
      for (const line of logged) {
        expect(line).toContain(`payment ${payment.id}`);
        expect(line).not.toMatch(/@example\.com|cs_test_/);
      }
    } finally {
      quiet.mockRestore();
    }
    expect(await record()).toBe("PENDING_PAYMENT");
    // A session the provider does not know: not found.
    retrieve.mockRejectedValueOnce(new Stripe.errors.StripeInvalidRequestError({ message: "No such checkout.session", type: "invalid_request_error", code: "resource_missing" }));
    expect(await confirm({ sessionId, actor: owner, clientAddress: newClientAddress() })).toEqual({ state: "not-found", view: null });
    // The provider back: still open there, so not paid.
    expect(await confirm({ sessionId, actor: owner, clientAddress: newClientAddress() })).toMatchObject({ state: "failed" });
  });

  it("says processing while an asynchronous payment settles, and paid once it has", async () => {
    const { sessionId, owner, confirm } = await open();
    await sandbox.pay(sessionId, { paymentStatus: "unpaid" });
    expect(await confirm({ sessionId, actor: owner, clientAddress: newClientAddress() })).toMatchObject({ state: "processing", view: expect.anything() });
    await sandbox.settle(sessionId, "succeeded");
    expect(await confirm({ sessionId, actor: owner, clientAddress: newClientAddress() })).toMatchObject({ state: "paid", view: expect.anything() });
  });

  it("answers not-found for a session of another purpose, without asking the provider", async () => {
    const { sessionId } = await open();
    const others = Object.entries(purposes).filter(([name]) => name !== purpose);
    for (const [, other] of others) {
      const { confirm } = await other();
      expect(await confirm({ sessionId, actor: null, clientAddress: newClientAddress() })).toEqual({ state: "not-found", view: null });
    }
    expect(retrieve).not.toHaveBeenCalled();
  });
});
