import { getUserOrder, listUserOrders } from "@/lib/server/orders/history/user-orders";
import { getOwnInvitation } from "@/lib/server/orders/history/get-own-invitation";
import { db } from "@/tests/support/db";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { patientActor } from "@/tests/factories/actor";
import { createUser, signIn } from "@/tests/factories/user";
import { accountShopper, addToCart, checkout, createPaidOrder } from "./support/shop";

const sandbox = sandboxForThisFile();

async function patientWithOrder() {
  const patient = await createUser();
  const { cookies } = await signIn(patient);
  const shopper = accountShopper(cookies, patient.email);
  const { order } = await createPaidOrder(sandbox, { shopper });
  return { patient, shopper, order };
}

describe("the patient's orders", () => {
  it("lists paid orders only, newest first, with their timeline; unpaid checkouts are left out", async () => {
    const { patient, shopper, order } = await patientWithOrder();
    await addToCart(shopper, { product_slug: "men-shampoo" });
    expect((await checkout(shopper)).status).toBe(200);
    const { orders, olderBefore } = await listUserOrders(patientActor(patient));
    expect(olderBefore).toBeNull();
    expect(orders.map((o) => o.reference)).toEqual([order.reference]);
    expect(orders[0]).toMatchObject({ status: "AWAITING_PHARMACIST", statusLabel: "Awaiting pharmacist review", invitationId: null });
    expect(orders[0]?.steps.map((step) => `${step.key}:${step.state}`)).toEqual(["paid:done", "review:current", "packing:upcoming", "dispatched:upcoming"]);
  });

  it("pages the history newest first by keyset: the next page starts after the last order shown, and a bad cursor shows the first page", async () => {
    const { patient, shopper, order: older } = await patientWithOrder();
    const { order: newer } = await createPaidOrder(sandbox, { shopper });
    const actor = patientActor(patient);
    const first = await listUserOrders(actor, { size: 1 });
    expect(first.orders.map((o) => o.reference)).toEqual([newer.reference]);
    expect(first.isLaterPage).toBe(false);
    const second = await listUserOrders(actor, { before: first.olderBefore, size: 1 });
    expect(second).toMatchObject({ isLaterPage: true, olderBefore: null });
    expect(second.orders.map((o) => o.reference)).toEqual([older.reference]);
    expect((await listUserOrders(actor, { before: "1' OR '1'='1", size: 1 })).orders.map((o) => o.reference)).toEqual([newer.reference]);
    // Another patient's cursor shows nothing of this patient's.
    expect((await listUserOrders(patientActor(await createUser()), { before: first.olderBefore })).orders).toEqual([]);
  });

  it("shows an order to its owner only: another patient's reference is not found", async () => {
    const { patient, order } = await patientWithOrder();
    expect((await getUserOrder(patientActor(patient), order.reference)).address).toEqual(["Sam Taylor", "1 High Street", "Leeds", "LS1 4AP"]);
    const other = await createUser();
    await expect(getUserOrder(patientActor(other), order.reference)).rejects.toMatchObject({ code: "not_found" });
    await expect(getUserOrder(patientActor(patient), "OR-NOPE")).rejects.toMatchObject({ code: "not_found" });
  });

  it("offers the free consultation of an invited order, to its patient only, until used or expired", async () => {
    const { patient, order } = await patientWithOrder();
    const type = await db.consultationType.findFirstOrThrow({ where: { slug: "hair-consultation" } });
    const invitation = await db.consultationInvitation.create({ data: { userId: patient.id, orderId: order.id, consultationTypeId: type.id, expiresAt: new Date(Date.now() + 86_400_000) } });
    await db.order.update({ where: { id: order.id }, data: { status: "CONSULTATION_INVITED" } });
    const [listed] = (await listUserOrders(patientActor(patient))).orders;
    expect(listed?.invitationId).toBe(invitation.id);
    expect(await getOwnInvitation(patientActor(patient), invitation.id)).toMatchObject({ state: "open", typeSlug: "hair-consultation", orderReference: order.reference });
    expect(await getOwnInvitation(patientActor(await createUser()), invitation.id)).toBeNull();
    await db.consultationInvitation.update({ where: { id: invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getOwnInvitation(patientActor(patient), invitation.id)).toEqual({ state: "expired" });
    await db.consultationInvitation.update({ where: { id: invitation.id }, data: { usedAt: new Date() } });
    expect(await getOwnInvitation(patientActor(patient), invitation.id)).toEqual({ state: "used" });
  });
});
