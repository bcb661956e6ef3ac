import { POST as claim } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as decline } from "@/app/api/staff/orders/[id]/decline/route";
import { POST as dispatch } from "@/app/api/staff/orders/[id]/dispatch/route";
import { POST as dispense } from "@/app/api/staff/orders/[id]/dispense/route";
import { POST as invite } from "@/app/api/staff/orders/[id]/invite/route";
import { POST as release } from "@/app/api/staff/orders/[id]/release/route";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { listOrderQueue } from "@/lib/server/orders/review/list-order-queue";
import { NOTHING_TO_PRESCRIBE } from "@/lib/server/orders/review/prescribe-order";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { staffActor } from "@/tests/factories/actor";
import { takeAssessment } from "@/tests/factories/assessment";
import { createStaff, signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";
import { accountShopper, createPaidOrder, guestShopper, orderByReference } from "./support/shop";

const sandbox = sandboxForThisFile();

type Handler = Parameters<typeof call>[0];
const act = (handler: Handler, action: string, id: string, cookies: Record<string, string>, json: unknown = {}) =>
  call(handler, `/api/staff/orders/${id}/${action}`, { json, cookies, params: { id } });

async function pharmacist(name = "Lee Chemist") {
  return signedInStaff("PHARMACIST", false, { name });
}

describe("the pharmacist's review of orders", () => {
  it("keeps patients, prescribers and the signed-out out of every action (404/403/401; a prescriber's claim of an order with nothing to prescribe is 409), and unknown orders are 404", async () => {
    const { order } = await createPaidOrder(sandbox);
    const patient = await createUser();
    const { cookies: patientCookies } = await signIn(patient);
    const { cookies: prescriberCookies } = await signedInStaff("PRESCRIBER");
    for (const [handler, action] of [[claim, "claim"], [dispense, "dispense"], [decline, "decline"], [dispatch, "dispatch"]] as const) {
      expect((await act(handler, action, order.id, {}, { reason: "x".repeat(20), tracking_reference: "AB123" })).status).toBe(401);
      expect([403, 404]).toContain((await act(handler, action, order.id, patientCookies, { reason: "x".repeat(20), tracking_reference: "AB123" })).status);
      // A prescriber opens an order only for its prescription-only lines (tests/integration/orders/order-prescribing.test.ts).
      if (action === "dispense" || action === "dispatch") expect([403, 404]).toContain((await act(handler, action, order.id, prescriberCookies, { reason: "x".repeat(20), tracking_reference: "AB123" })).status);
    }
    expect(await act(claim, "claim", order.id, prescriberCookies)).toMatchObject({ status: 409, body: { message: NOTHING_TO_PRESCRIBE } });
    expect((await act(decline, "decline", order.id, prescriberCookies, { reason: "x".repeat(20) })).status).toBe(409);
    const { cookies } = await pharmacist();
    expect((await act(claim, "claim", "00000000-0000-4000-8000-000000000000", cookies)).status).toBe(404);
    expect((await act(claim, "claim", "not-a-uuid", cookies)).status).toBe(404);
    expect((await orderByReference(order.reference)).status).toBe("AWAITING_PHARMACIST");
  });

  it("lists the queue oldest first with no health data, and records each view of the answers in the audit log", async () => {
    const { order } = await createPaidOrder(sandbox);
    const { staff } = await pharmacist();
    const actor = staffActor(staff, "PHARMACIST");
    const queue = await listOrderQueue(actor);
    expect((await listOrderQueue(actor, { reference: order.reference })).review!.items.map((item) => item.id)).toEqual([order.id]);
    const paid = queue.review!.items.map((item) => item.paidAt);
    expect([...paid].sort()).toEqual(paid);
    expect(JSON.stringify(queue)).not.toMatch(/answers|Gradual thinning/);

    const before = await db.auditEvent.count({ where: { subjectId: order.id, action: "order.viewed" } });
    const view = await getOrderCase(actor, order.id);
    expect(view.lines[0]?.assessment?.answers.length).toBeGreaterThan(3);
    expect(JSON.stringify(view.lines[0]?.assessment?.answers)).toContain("Gradual thinning");
    expect(await db.auditEvent.count({ where: { subjectId: order.id, action: "order.viewed", actorId: staff.id } })).toBe(before + 1);
  });

  it("needs a claim before a decision, and a second pharmacist cannot take a claimed order", async () => {
    const { order } = await createPaidOrder(sandbox);
    const a = await pharmacist("Ann Pharm");
    const b = await pharmacist("Ben Pharm");
    const early = await act(dispense, "dispense", order.id, a.cookies);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Claim this order before acting on it.");
    expect((await act(claim, "claim", order.id, a.cookies)).status).toBe(200);
    const second = await act(claim, "claim", order.id, b.cookies);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("Ann Pharm is reviewing this order.");
    expect((await act(dispense, "dispense", order.id, b.cookies)).status).toBe(409);
    expect((await act(release, "release", order.id, a.cookies)).status).toBe(200);
    expect((await act(claim, "claim", order.id, b.cookies)).status).toBe(200);
  });

  it("lets exactly one of two pharmacists claiming at once take the order, and only they can act", async () => {
    const { order } = await createPaidOrder(sandbox);
    const a = await pharmacist("Ann Race");
    const b = await pharmacist("Ben Race");
    const results = await Promise.all([act(claim, "claim", order.id, a.cookies), act(claim, "claim", order.id, b.cookies)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    const [mine, theirs] = await Promise.all([act(dispense, "dispense", order.id, winner.cookies), act(dispense, "dispense", order.id, loser.cookies)]);
    expect([mine.status, theirs.status]).toEqual([200, 409]);
    expect((await orderByReference(order.reference)).events.filter((event) => event.kind === "dispensed")).toHaveLength(1);
  });

  it("dispenses then dispatches with a tracking reference: the timeline, emails and audit log follow", async () => {
    const { order, shopper } = await createPaidOrder(sandbox);
    const { cookies } = await pharmacist();
    await act(claim, "claim", order.id, cookies);
    const dispensed = await act(dispense, "dispense", order.id, cookies);
    expect(dispensed.status).toBe(200);
    expect((await act(dispense, "dispense", order.id, cookies)).status).toBe(409);
    const bad = await act(dispatch, "dispatch", order.id, cookies, { tracking_reference: "<b>" });
    expect(bad.status).toBe(422);
    const sent = await act(dispatch, "dispatch", order.id, cookies, { tracking_reference: " rm123456789gb " });
    expect(sent.status).toBe(200);
    expect((await act(dispatch, "dispatch", order.id, cookies, { tracking_reference: "RM123456789GB" })).status).toBe(409);
    const after = await orderByReference(order.reference);
    expect(after).toMatchObject({ status: "DISPATCHED", trackingReference: "RM123456789GB" });
    expect(after.events.map((event) => event.kind)).toEqual(["paid", "awaiting_pharmacist", "dispensed", "awaiting_dispatch", "dispatched"]);
    const mails = await db.outboxEmail.findMany({ where: { toAddress: shopper.email }, orderBy: { createdAt: "asc" } });
    expect(mails.map((mail) => mail.subject)).toEqual([`Thank you for your order ${order.reference}`, `Your order ${order.reference} is on its way`]);
    expect(mails[1]?.text).toContain("RM123456789GB");
    // No medical detail in any email.
    expect(mails.map((mail) => mail.text).join(" ")).not.toMatch(/minoxidil|Gradual|heart/i);
    const actions = (await db.auditEvent.findMany({ where: { subjectId: order.id }, orderBy: { id: "asc" } })).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(["order.claimed", "order.dispensed", "order.dispatched"]));
  });

  it("dispatches a cosmetics-only order straight from payment, with no review", async () => {
    const { order } = await createPaidOrder(sandbox, { medicine: false });
    const { cookies } = await pharmacist();
    expect((await act(claim, "claim", order.id, cookies)).status).toBe(409);
    expect((await act(dispatch, "dispatch", order.id, cookies, { tracking_reference: "DPD-1234" })).status).toBe(200);
  });

  it("declines with a reason and refunds exactly once, even when two declines race", async () => {
    const { order, sessionId } = await createPaidOrder(sandbox);
    const { cookies } = await pharmacist();
    await act(claim, "claim", order.id, cookies);
    const short = await act(decline, "decline", order.id, cookies, { reason: "no" });
    expect(short.status).toBe(422);
    const reason = "Your answers show a heart condition; please see your GP first.";
    // Two declines at once (a double submit, or two tabs): one wins, the other is a 409.
    const results = await Promise.all([act(decline, "decline", order.id, cookies, { reason }), act(decline, "decline", order.id, cookies, { reason })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    // Decided: nothing else can act on it.
    expect((await act(dispense, "dispense", order.id, cookies)).status).toBe(409);
    const after = await orderByReference(order.reference);
    expect(after).toMatchObject({ status: "DECLINED", declineReason: reason });
    expect(after.payment.status).toBe("REFUNDED");
    const intent = sandbox.session(sessionId)?.payment_intent;
    expect(sandbox.refunds().filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    expect(after.events.filter((event) => event.kind === "declined")).toHaveLength(1);
    // The reason is for the account only, never emailed.
    const mails = await db.outboxEmail.findMany({ where: { toAddress: after.email } });
    expect(mails.map((mail) => mail.text).join(" ")).not.toContain("heart condition");
  });

  it("invites the patient to a free consultation: one invitation, the order waits, and it can be dispensed after", async () => {
    const patient = await createUser();
    const { cookies: patientCookies } = await signIn(patient);
    const { order } = await createPaidOrder(sandbox, { shopper: accountShopper(patientCookies, patient.email) });
    const { cookies } = await pharmacist();
    await act(claim, "claim", order.id, cookies);
    const bad = await act(invite, "invite", order.id, cookies, { consultation_type: "teleport" });
    expect(bad.status).toBe(422);
    const ok = await act(invite, "invite", order.id, cookies, { consultation_type: "hair-consultation", note: "Let's talk about your scalp." });
    expect(ok.status).toBe(200);
    expect((await act(invite, "invite", order.id, cookies, { consultation_type: "hair-consultation" })).status).toBe(409);
    const invitations = await db.consultationInvitation.findMany({ where: { orderId: order.id } });
    expect(invitations).toHaveLength(1);
    expect(invitations[0]).toMatchObject({ userId: patient.id, feeWaived: true, usedAt: null });
    expect((await orderByReference(order.reference)).status).toBe("CONSULTATION_INVITED");
    // After the consultation the pharmacist decides.
    await act(claim, "claim", order.id, cookies);
    expect((await act(dispense, "dispense", order.id, cookies)).status).toBe(200);
  });

  it("invites a guest with no account by email: the invitation waits for an account that holds the order", async () => {
    const { order, shopper } = await createPaidOrder(sandbox);
    const { cookies } = await pharmacist();
    await act(claim, "claim", order.id, cookies);
    const res = await act(invite, "invite", order.id, cookies, { consultation_type: "hair-consultation" });
    expect(res.status).toBe(200);
    expect(await db.consultationInvitation.findMany({ where: { orderId: order.id } })).toEqual([expect.objectContaining({ userId: null })]);
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: shopper.email, subject: { contains: "please book a free consultation" } } });
    expect(mail.text).toMatch(/create an account with this email address/);
    // The guest signs in from the browser that placed the order: order and invitation join the account.
    const patient = await createUser();
    await signIn(patient, { cookies: shopper.cookies });
    expect(await db.consultationInvitation.findMany({ where: { orderId: order.id } })).toEqual([expect.objectContaining({ userId: patient.id })]);
  });

  it("invites a guest whose email a verified account holds straight into that account (linked and audited)", async () => {
    const patient = await createUser();
    const { order } = await createPaidOrder(sandbox, { shopper: { ...guestShopper(), email: patient.email } });
    const { cookies, staff } = await pharmacist();
    await act(claim, "claim", order.id, cookies);
    expect((await act(invite, "invite", order.id, cookies, { consultation_type: "hair-consultation" })).status).toBe(200);
    expect(await db.consultationInvitation.findMany({ where: { orderId: order.id } })).toEqual([expect.objectContaining({ userId: patient.id })]);
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ userId: patient.id, guestKeyHash: null });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "account.email_records_linked", subjectId: patient.id } });
    expect(audit).toMatchObject({ actorId: staff.id, detail: expect.objectContaining({ proof: "order_invitation", orders: 1, invitations: 1 }) });
  });

  it("never invites into an unverified account that holds the order's email", async () => {
    const squatter = await createUser({ emailVerified: false });
    const { order } = await createPaidOrder(sandbox, { shopper: { ...guestShopper(), email: squatter.email } });
    const { cookies } = await pharmacist();
    await act(claim, "claim", order.id, cookies);
    expect((await act(invite, "invite", order.id, cookies, { consultation_type: "hair-consultation" })).status).toBe(200);
    expect(await db.consultationInvitation.findMany({ where: { orderId: order.id } })).toEqual([expect.objectContaining({ userId: null })]);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).userId).toBeNull();
  });

  it("shows the pharmacist the patient's earlier failed attempts", async () => {
    const { order, shopper } = await createPaidOrder(sandbox);
    await takeAssessment("minoxidil", { 1: { choice: "Male" }, 3: { text: "1985-06-15" }, 4: { choice: "Sudden shedding, or hair coming out in patches" } }, shopper);
    const staff = await createStaff("PHARMACIST", false);
    const view = await getOrderCase(staffActor(staff, "PHARMACIST"), order.id);
    expect(view.earlierRefusals).toEqual([expect.objectContaining({ title: "Minoxidil assessment", reason: expect.stringContaining("doctor's assessment") })]);
  });
});
