import { randomInt } from "node:crypto";
import { POST as planRoute } from "@/app/api/prescriptions/[id]/plan/route";
import { POST as dispense } from "@/app/api/rx/[reference]/dispense/route";
import { POST as subscribe } from "@/app/api/subscribe/route";
import { NO_PLAN_CHOSEN, PLAN_REQUEST_NOT_FOUND, PLAN_STARTED, PLAN_WAITS_FOR_ISSUE, PRESCRIPTION_DISPENSED } from "@/lib/server/subscriptions/start-prescription-plan";
import { ON_PLAN_MESSAGE } from "@/lib/server/rx/dispense-prescription";
import { evaluateSupplyChecks } from "@/lib/server/supply-checks/evaluate";
import { orderSupplySubject } from "@/lib/server/supply-checks/load-subject";
import { createPaidRequest } from "@/tests/integration/prescription-review/support/paid-request";
import { claimCase, issueCase } from "@/tests/integration/prescription-review/support/staff-calls";
import { createIssuedPrescription } from "@/tests/factories/prescription";
import { signedInPharmacy, signedInStaff } from "@/tests/factories/staff";

import { createUser, signIn } from "@/tests/factories/user";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";

// The plan a patient ticks at /prescription/checkout is an intent: once the prescription is
// issued they confirm and pay for its supply (issue 23, "The prescription plan that does nothing").
const sandbox = sandboxForThisFile();

const address = () => ({ "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

async function owner(planSlug: string | null = "prescription-3-months", extra: Parameters<typeof createIssuedPrescription>[0] = {}) {
  const user = await createUser();
  const issued = await createIssuedPrescription({ userId: user.id, planSlug: planSlug ?? undefined, ...extra });
  const { cookies } = await signIn(user);
  return { user, issued, cookies };
}

const startPlan = (requestId: string, cookies: Record<string, string>) => call(planRoute, `/api/prescriptions/${requestId}/plan`, { json: {}, params: { id: requestId }, cookies, headers: address() });

async function waitFor<T>(read: () => Promise<T | null | undefined>, timeoutMs = 8000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("waitFor timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a prescription plan chosen at checkout", () => {
  it("is offered once the prescription is issued: paid through Checkout, it supplies that prescription and its first order waits for the pharmacist", async () => {
    const { issued, cookies } = await owner();
    const plan = await db.plan.findUniqueOrThrow({ where: { slug: "prescription-3-months" } });
    const res = await startPlan(issued.requestId, cookies);
    expect(res.status).toBe(200);
    expect(res.body.url).toEqual(expect.any(String));
    const session = sandbox.session(res.body.sessionId)!;
    expect(session.mode).toBe("subscription");

    await sandbox.pay(res.body.sessionId);
    const subscription = await waitFor(() => db.subscription.findFirst({ where: { prescriptionId: issued.prescriptionId } }));
    expect(subscription).toMatchObject({ planId: plan.id, pricePence: plan.pricePence, durationMonths: plan.durationMonths, status: "ACTIVE" });
    const order = await waitFor(() => db.order.findFirst({ where: { subscriptionId: subscription.id }, include: { lines: true } }));
    expect(order.status).toBe("AWAITING_PHARMACIST");
    expect(order.totalPence).toBe(plan.pricePence);
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ name: "Finasteride 1 mg film-coated tablets (1 mg once a day)", productKind: "PRESCRIPTION_ONLY" });
    // Its prescriber's decision is the issued prescription the plan supplies: nothing waits for a prescriber.
    const checks = await db.$transaction(async (tx) => evaluateSupplyChecks(tx, await orderSupplySubject(tx, order.id)));
    expect(checks.find((check) => check.key === "prescriber_authorisation")).toMatchObject({ state: "met", summary: expect.stringMatching(/^Supplied against the plan's prescription issued by /) });

    // Supplied by our pharmacy: not again here, and not dispensable elsewhere.
    expect(await startPlan(issued.requestId, cookies)).toMatchObject({ status: 409, body: { message: PLAN_STARTED } });
    const { cookies: pharmacy } = await signedInPharmacy();
    const elsewhere = await call(dispense, `/api/rx/${issued.reference}/dispense`, { json: { code: issued.dispenseCode }, params: { reference: issued.reference }, cookies: pharmacy, headers: address() });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(ON_PLAN_MESSAGE);
    expect((await db.prescription.findUniqueOrThrow({ where: { id: issued.prescriptionId } })).dispensedAt).toBeNull();
  });

  it("cannot start without a chosen plan, before the prescription is issued, after it was dispensed elsewhere, or for someone else", async () => {
    const none = await owner(null);
    expect(await startPlan(none.issued.requestId, none.cookies)).toMatchObject({ status: 409, body: { message: NO_PLAN_CHOSEN } });

    const waiting = await owner();
    await db.prescription.delete({ where: { id: waiting.issued.prescriptionId } });
    await db.prescriptionRequest.update({ where: { id: waiting.issued.requestId }, data: { status: "IN_REVIEW" } });
    expect(await startPlan(waiting.issued.requestId, waiting.cookies)).toMatchObject({ status: 409, body: { message: PLAN_WAITS_FOR_ISSUE } });

    const dispensed = await owner("prescription-6-months", { dispensedAt: new Date(), dispensedBy: "Camden Pharmacy (GPhC 1234567)" });
    expect(await startPlan(dispensed.issued.requestId, dispensed.cookies)).toMatchObject({ status: 409, body: { message: PRESCRIPTION_DISPENSED } });

    const mine = await owner();
    const stranger = await signIn(await createUser());
    expect(await startPlan(mine.issued.requestId, stranger.cookies)).toMatchObject({ status: 404, body: { message: PLAN_REQUEST_NOT_FOUND } });
    expect((await startPlan(mine.issued.requestId, {})).status).toBe(401);
    expect(await db.subscriptionCheckout.count({ where: { userId: { in: [none.user.id, waiting.user.id, dispensed.user.id, mine.user.id] } } })).toBe(0);
  });

  it("is what POST /api/subscribe opens for a prescription plan whose prescription is issued, and the questionnaire otherwise", async () => {
    const plan = await db.plan.findUniqueOrThrow({ where: { slug: "prescription-3-months" } });
    const ready = await owner();
    const opened = await call(subscribe, "/api/subscribe", { json: { plan_id: plan.id }, cookies: ready.cookies, headers: address() });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ url: expect.any(String), sessionId: expect.any(String) });
    expect(sandbox.session(opened.body.sessionId)!.metadata).toMatchObject({ prescription_id: ready.issued.prescriptionId });

    const fresh = await signIn(await createUser());
    const redirected = await call(subscribe, "/api/subscribe", { json: { plan_id: plan.id }, cookies: fresh.cookies, headers: address() });
    expect(redirected.status).toBe(200);
    expect(redirected.body).toMatchObject({ url: "/prescription/questionnaire/1", next: "prescription" });
  });

  it("is named in the patient's payment confirmation and issue emails (its name only)", async () => {
    const { patient, request } = await createPaidRequest(sandbox, { planSlug: "prescription-6-months" });
    const received = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: patient.email, subject: { startsWith: "We have received your prescription request" } } });
    expect(received.text).toContain("You chose the Prescription 6 months plan. It is not charged yet");

    const { cookies } = await signedInStaff("PRESCRIBER");
    expect((await claimCase(request.id, { cookies })).status).toBe(200);
    expect((await issueCase(request.id, { cookies })).status).toBe(201);
    const issued = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: patient.email, subject: { startsWith: "Your prescription is ready" } } });
    expect(issued.text).toContain("You chose the Prescription 6 months plan: confirm and pay for it on your request's page");
    expect(issued.text).not.toContain("Finasteride");
  });
});
