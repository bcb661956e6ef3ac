// A prescription-only order is prescribed by a prescriber before a pharmacist dispenses it
// (Human Medicines Regulations 2012, reg 214; issue 23: prescriber issue, pharmacist dispense).
import { POST as claim } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as decline } from "@/app/api/staff/orders/[id]/decline/route";
import { POST as dispense } from "@/app/api/staff/orders/[id]/dispense/route";
import { POST as prescribe } from "@/app/api/staff/orders/[id]/prescribe/route";
import { POST as release } from "@/app/api/staff/orders/[id]/release/route";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { OWN_PRESCRIPTION } from "@/lib/server/orders/review/dispense-order";
import { listOrderQueue } from "@/lib/server/orders/review/list-order-queue";
import { NO_ORDER_REGISTRATION, NOTHING_TO_PRESCRIBE } from "@/lib/server/orders/review/prescribe-order";
import { NOT_PRESCRIBED } from "@/lib/server/supply-checks/prescriber-authorisation-check";
import { randomUUID } from "node:crypto";
import { staffActor } from "@/tests/factories/actor";
import { createIssuedPrescription } from "@/tests/factories/prescription";
import { meetSupplyChecks } from "@/tests/factories/supply";
import { signedInStaff } from "@/tests/factories/staff";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { createPaidMounjaroOrder } from "./support/mounjaro-order";
import { createPaidOrder } from "./support/shop";

const sandbox = sandboxForThisFile();

type Handler = Parameters<typeof call>[0];
const act = (handler: Handler, action: string, id: string, cookies: Record<string, string>, json: unknown = {}) =>
  call(handler, `/api/staff/orders/${id}/${action}`, { json, cookies, params: { id } });

/** A paid Mounjaro order whose identity, weight and GP checks are met; no prescriber has seen it. */
async function waitingForPrescriber() {
  const paid = await createPaidMounjaroOrder(sandbox);
  await meetSupplyChecks({ userId: paid.user.id, orderId: paid.order.id }, { except: ["prescriber"] });
  return paid;
}

const auditsOf = (action: string, subjectId: string) => db.auditEvent.findMany({ where: { action, subjectId }, orderBy: { id: "asc" }, select: { actorId: true, detail: true } });

describe("the prescriber's authorisation of an order's prescription-only lines", () => {
  it("the database flags an order with a prescription-only line (the prescribers' list reads the flag), and only such an order", async () => {
    const { order } = await createPaidMounjaroOrder(sandbox);
    const pharmacyMedicine = await createPaidOrder(sandbox, { medicine: true });
    const flagOf = async (id: string) => (await db.order.findUniqueOrThrow({ where: { id }, select: { hasPrescriptionOnly: true } })).hasPrescriptionOnly;
    expect(await flagOf(order.id)).toBe(true);
    expect(await flagOf(pharmacyMedicine.order.id)).toBe(false);
    // A prescription-only line written later, however it is written, flags its order too.
    const [line] = await db.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM order_lines WHERE order_id = ${pharmacyMedicine.order.id}::uuid AND product_kind = 'PHARMACY_MEDICINE'`;
    await db.$executeRaw`UPDATE order_lines SET product_kind = 'PRESCRIPTION_ONLY' WHERE id = ${line!.id}::uuid`;
    expect(await flagOf(pharmacyMedicine.order.id)).toBe(true);
  });

  it("the database keeps awaiting_prescriber to the rule of isAwaitingPrescriber through every write the rule reads", async () => {
    const { order, user } = await createPaidMounjaroOrder(sandbox);
    const cosmetic = await createPaidOrder(sandbox, { medicine: false });
    const awaiting = async (id: string) => (await db.order.findUniqueOrThrow({ where: { id }, select: { awaitingPrescriber: true } })).awaitingPrescriber;
    expect([await awaiting(order.id), await awaiting(cosmetic.order.id)]).toEqual([true, false]);

    // A prescriber's authorisation of the order, and its removal.
    await db.$executeRaw`INSERT INTO order_prescriptions (id, order_id, prescriber_name, prescriber_registration) VALUES (gen_random_uuid(), ${order.id}::uuid, 'Dr Flag', 'GMC 1234567')`;
    expect(await awaiting(order.id)).toBe(false);
    await db.$executeRaw`DELETE FROM order_prescriptions WHERE order_id = ${order.id}::uuid`;
    expect(await awaiting(order.id)).toBe(true);

    // The renewal check-in it was made from: answered, then approved.
    const plan = await db.plan.findUniqueOrThrow({ where: { slug: "mounjaro-1-month" }, select: { id: true } });
    const product = await db.product.findFirstOrThrow({ where: { slug: { contains: "mounjaro" } }, select: { id: true } });
    const subscription = await db.subscription.create({
      data: { stripeSubscriptionId: `sub_flag_${randomUUID()}`, stripeCustomerId: `cus_flag_${randomUUID()}`, userId: user.id, email: user.email, planId: plan.id, productId: product.id, pricePence: 19_900, durationMonths: 1, status: "ACTIVE", syncedAt: new Date() },
    });
    const checkIn = await db.checkIn.create({
      data: { reference: `CI-${randomUUID().slice(0, 6).toUpperCase()}`, subscriptionId: subscription.id, userId: user.id, periodEnd: new Date(Date.now() + 5 * 86_400_000), status: "SUBMITTED", submittedAt: new Date() },
    });
    await db.order.update({ where: { id: order.id }, data: { checkInId: checkIn.id } });
    expect(await awaiting(order.id)).toBe(true);
    await db.checkIn.update({ where: { id: checkIn.id }, data: { status: "APPROVED" } });
    expect(await awaiting(order.id)).toBe(false);
    await db.order.update({ where: { id: order.id }, data: { checkInId: null } });
    expect(await awaiting(order.id)).toBe(true);

    // The issued prescription behind its plan: linked, then unlinked.
    await db.order.update({ where: { id: order.id }, data: { subscriptionId: subscription.id } });
    expect(await awaiting(order.id)).toBe(true);
    const { prescriptionId } = await createIssuedPrescription({ userId: user.id });
    await db.subscription.update({ where: { id: subscription.id }, data: { prescriptionId } });
    expect(await awaiting(order.id)).toBe(false);
    await db.subscription.update({ where: { id: subscription.id }, data: { prescriptionId: null } });
    expect(await awaiting(order.id)).toBe(true);

    // A prescription-only line added to an order that had none.
    const [line] = await db.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM order_lines WHERE order_id = ${cosmetic.order.id}::uuid LIMIT 1`;
    await db.$executeRaw`UPDATE order_lines SET product_kind = 'PRESCRIPTION_ONLY' WHERE id = ${line!.id}::uuid`;
    expect(await awaiting(cosmetic.order.id)).toBe(true);

    // And over every order in this database, the flag is the rule read from the relations.
    const [counted] = await db.$queryRaw<{ wrong: bigint }[]>`
      SELECT count(*) AS wrong FROM orders o
      WHERE o.awaiting_prescriber <> (EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.product_kind = 'PRESCRIPTION_ONLY')
        AND NOT EXISTS (SELECT 1 FROM order_prescriptions p WHERE p.order_id = o.id)
        AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.id = o.check_in_id AND c.status = 'APPROVED')
        AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = o.subscription_id AND s.prescription_id IS NOT NULL))`;
    expect(Number(counted!.wrong)).toBe(0);
  });

  it("a prescriber claims and prescribes; the order waits for the pharmacist, who dispenses it, and the GP letter names the prescriber", async () => {
    const { order } = await waitingForPrescriber();
    const prescriber = await signedInStaff("PRESCRIBER", true, { name: "Dr Nadia Rahman" });
    const pharmacist = await signedInStaff("PHARMACIST", true, { name: "Lee Chemist" });
    const pharmacistActor = staffActor(pharmacist.staff, "PHARMACIST");

    // Both queues show it waiting for a prescriber; the case shows the unmet check.
    expect((await listOrderQueue(staffActor(prescriber.staff, "PRESCRIBER"), { reference: order.reference })).prescribe!.items.map((item) => item.id)).toContain(order.id);
    expect((await listOrderQueue(pharmacistActor, { reference: order.reference })).review!.items.find((item) => item.id === order.id)).toMatchObject({ awaitingPrescriber: true });
    const before = await getOrderCase(pharmacistActor, order.id);
    expect(before).toMatchObject({ awaitingPrescriber: true, authorisation: null });
    expect(before.supplyChecks.find((check) => check.key === "prescriber_authorisation")).toMatchObject({ state: "unmet", blocking: NOT_PRESCRIBED });

    // Without the authorisation the pharmacist cannot dispense: 409 with the sentence.
    expect((await act(claim, "claim", order.id, pharmacist.cookies)).status).toBe(200);
    expect(await act(dispense, "dispense", order.id, pharmacist.cookies)).toMatchObject({ status: 409, body: { message: NOT_PRESCRIBED } });
    expect((await act(claim, "claim", order.id, prescriber.cookies)).status).toBe(409);
    expect((await act(release, "release", order.id, pharmacist.cookies)).status).toBe(200);

    // A pharmacist cannot prescribe (403), nor a prescriber without the claim (409).
    expect((await act(prescribe, "prescribe", order.id, pharmacist.cookies)).status).toBe(403);
    expect((await act(prescribe, "prescribe", order.id, prescriber.cookies)).status).toBe(409);
    expect((await act(claim, "claim", order.id, prescriber.cookies)).status).toBe(200);
    const bad = await act(prescribe, "prescribe", order.id, prescriber.cookies, { directions: "x".repeat(1001) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.directions[0]).toBe("The directions must be at most 1000 characters.");
    const done = await act(prescribe, "prescribe", order.id, prescriber.cookies, { directions: "Start at 2.5 mg weekly." });
    expect(done).toMatchObject({ status: 200, body: { order: { status: "AWAITING_PHARMACIST" } } });

    const row = await db.order.findUniqueOrThrow({ where: { id: order.id }, include: { prescription: true } });
    expect(row).toMatchObject({ status: "AWAITING_PHARMACIST", claimedById: null, decidedById: null });
    expect(row.prescription).toMatchObject({ prescriberId: prescriber.staff.id, prescriberName: "Dr Nadia Rahman", prescriberRegistration: prescriber.staff.registration, directions: "Start at 2.5 mg weekly." });
    const [audit] = await auditsOf("order.prescribed", order.id);
    expect(audit).toMatchObject({ actorId: prescriber.staff.id, detail: { reference: order.reference, supply_checks: "identity=met,weight=met,dose=met,gp_consent=met" } });
    expect(JSON.stringify(audit!.detail)).not.toContain("2.5 mg");
    // Prescribing twice is refused; the order leaves the prescribers' list.
    expect((await act(claim, "claim", order.id, prescriber.cookies)).body.message).toBe(NOTHING_TO_PRESCRIBE);
    expect((await listOrderQueue(staffActor(prescriber.staff, "PRESCRIBER"), { reference: order.reference })).prescribe!.items.map((item) => item.id)).not.toContain(order.id);

    const after = await getOrderCase(pharmacistActor, order.id);
    expect(after).toMatchObject({ awaitingPrescriber: false, authorisation: { via: "authorisation", prescriberName: "Dr Nadia Rahman", registration: prescriber.staff.registration, directions: "Start at 2.5 mg weekly." } });
    expect((await act(claim, "claim", order.id, pharmacist.cookies)).status).toBe(200);
    expect(await act(dispense, "dispense", order.id, pharmacist.cookies)).toMatchObject({ status: 200, body: { order: { status: "AWAITING_DISPATCH" } } });
    const [dispensed] = await auditsOf("order.dispensed", order.id);
    expect(dispensed?.detail).toMatchObject({ supply_checks: "identity=met,weight=met,dose=met,gp_consent=met,prescriber_authorisation=met" });
    const letter = await db.gpLetter.findFirstOrThrow({ where: { subjectId: order.id } });
    expect(letter).toMatchObject({ prescriberName: "Dr Nadia Rahman", prescriberRegistration: prescriber.staff.registration });
  });

  it("the prescriber who authorised an order may not also dispense it (an admin acting as both)", async () => {
    const { order } = await waitingForPrescriber();
    const admin = await signedInStaff("ADMIN", true, { name: "Jo Admin" });
    expect((await act(claim, "claim", order.id, admin.cookies)).status).toBe(200);
    expect((await act(prescribe, "prescribe", order.id, admin.cookies)).status).toBe(200);
    expect((await act(claim, "claim", order.id, admin.cookies)).status).toBe(200);
    expect(await act(dispense, "dispense", order.id, admin.cookies)).toMatchObject({ status: 409, body: { message: OWN_PRESCRIPTION } });
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("AWAITING_PHARMACIST");
    expect(await auditsOf("order.dispensed", order.id)).toEqual([]);
  });

  it("refuses a prescriber with no registration, or while identity, weight or GP checks are unmet, and writes nothing", async () => {
    const paid = await createPaidMounjaroOrder(sandbox);
    const unregistered = await signedInStaff("PRESCRIBER", false, { name: "Kim Unregistered" });
    expect((await act(claim, "claim", paid.order.id, unregistered.cookies)).status).toBe(200);
    expect(await act(prescribe, "prescribe", paid.order.id, unregistered.cookies)).toMatchObject({ status: 422, body: { message: NO_ORDER_REGISTRATION } });
    expect((await act(release, "release", paid.order.id, unregistered.cookies)).status).toBe(200);

    const prescriber = await signedInStaff("PRESCRIBER", true, { name: "Dr Nadia Rahman" });
    expect((await act(claim, "claim", paid.order.id, prescriber.cookies)).status).toBe(200);
    const refused = await act(prescribe, "prescribe", paid.order.id, prescriber.cookies);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/identity/i);
    expect(await db.orderPrescription.count({ where: { orderId: paid.order.id } })).toBe(0);
    expect(await auditsOf("order.prescribed", paid.order.id)).toEqual([]);
    // The prescriber may decline it instead (the existing decline path: refunded in full).
    expect((await act(decline, "decline", paid.order.id, prescriber.cookies, { reason: "Your answers show a condition that needs your GP first." })).status).toBe(200);
    expect((await db.order.findUniqueOrThrow({ where: { id: paid.order.id } })).status).toBe("DECLINED");
  });

  it("leaves orders without a prescription-only medicine as they were: no prescriber, dispensed by the pharmacist", async () => {
    const { order } = await createPaidOrder(sandbox);
    const pharmacist = await signedInStaff("PHARMACIST", true, { name: "Lee Chemist" });
    const view = await getOrderCase(staffActor(pharmacist.staff, "PHARMACIST"), order.id);
    expect(view).toMatchObject({ awaitingPrescriber: false, authorisation: null });
    expect(view.supplyChecks.find((check) => check.key === "prescriber_authorisation")?.state).toBe("not_required");
    const prescriber = await signedInStaff("PRESCRIBER", true);
    expect((await listOrderQueue(staffActor(prescriber.staff, "PRESCRIBER"), { reference: order.reference })).prescribe!.items.map((item) => item.id)).not.toContain(order.id);
    expect((await act(claim, "claim", order.id, pharmacist.cookies)).status).toBe(200);
    expect((await act(prescribe, "prescribe", order.id, prescriber.cookies)).status).toBe(409);
    expect((await act(dispense, "dispense", order.id, pharmacist.cookies)).status).toBe(200);
  });
});
