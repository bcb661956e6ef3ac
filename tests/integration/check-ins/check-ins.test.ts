import { uploadRoot } from "@/tests/support/temp-uploads";
import { promises as fs } from "node:fs";
import { POST as submitRoute } from "@/app/api/check-ins/[id]/route";
import { POST as claimRoute } from "@/app/api/staff/check-ins/[id]/claim/route";
import { POST as referRoute } from "@/app/api/staff/check-ins/[id]/refer/route";
import { POST as releaseRoute } from "@/app/api/staff/check-ins/[id]/release/route";
import { GET as userSubscriptions } from "@/app/api/user-subscriptions/route";
import { POST as pauseRoute } from "@/app/api/subscriptions/[id]/pause/route";
import { POST as resumeRoute } from "@/app/api/subscriptions/[id]/resume/route";
import { POST as skipRoute } from "@/app/api/subscriptions/[id]/skip/route";
import { approveCheckIn } from "@/lib/server/check-ins/approve-check-in";
import { claimCheckIn } from "@/lib/server/check-ins/claim-check-in";
import { getCheckInCase } from "@/lib/server/check-ins/get-check-in-case";
import { getOwnCheckIn } from "@/lib/server/check-ins/get-own-check-in";
import { listCheckInQueue } from "@/lib/server/check-ins/list-check-in-queue";
import { referCheckIn } from "@/lib/server/check-ins/refer-check-in";
import { releaseCheckInJob } from "@/lib/server/check-ins/release-check-in-job";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { claimOrder } from "@/lib/server/orders/review/claim-order";
import { dispenseOrder } from "@/lib/server/orders/review/dispense-order";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { sendCheckInReminder } from "@/lib/server/subscriptions/check-in-gate/check-in-reminder-job";
import { REMINDER_DAYS, sendRenewalReminder } from "@/lib/server/subscriptions/renewal-reminder-job";
import { applySubscription } from "@/lib/server/subscriptions/sync-subscription";
import { patientActor, staffActor } from "@/tests/factories/actor";
import { createStaff, signedInStaff } from "@/tests/factories/staff";
import { meetSupplyChecks } from "@/tests/factories/supply";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { deliverWebhook, holdingSandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { patient, subscribeToMounjaro, waitFor } from "./support";

// Every repeat supply of a prescription-only medicine is reviewed (issue 23): the renewal is
// charged only after the period's check-in is approved, against the payment sandbox.

const { sandbox, hold, release } = holdingSandboxForThisFile();
afterAll(() => fs.rm(uploadRoot, { recursive: true, force: true }));
const DAY_MS = 86_400_000;

type Caller = { cookies: Record<string, string>; headers: Record<string, string> };
const mounjaroSubscriber = (options: { photo?: boolean } = {}) => subscribeToMounjaro(sandbox, options);

const ordersOf = (subscriptionId: string) => db.order.findMany({ where: { subscriptionId }, orderBy: { createdAt: "asc" } });
const submitAs = (caller: Caller, id: string, json: Record<string, unknown>) => call(submitRoute, `/api/check-ins/${id}`, { json, params: { id }, ...caller });
const goodAnswers = { weight_kg: 92.4, dose_step: "same", side_effects: "none", new_conditions: "none", continue: "yes" };
const emailsTo = (to: string, subject: string) => db.outboxEmail.count({ where: { toAddress: to, subject: { contains: subject } } });

async function prescriber() {
  const user = await createStaff("PRESCRIBER");
  return staffActor(user, "PRESCRIBER");
}

async function approve(checkInId: string) {
  const actor = await prescriber();
  await claimCheckIn(actor, checkInId);
  return approveCheckIn(actor, checkInId, { note: "", weight_kg: 92.0 });
}

describe("renewal check-ins", () => {
  it("opens the period's check-in with the subscription and holds the renewal back at Stripe", async () => {
    const { caller, stripeId, row, checkIn } = await mounjaroSubscriber();
    expect(checkIn.status).toBe("DUE");
    expect(checkIn.periodEnd.getTime()).toBe(row.currentPeriodEnd!.getTime());
    expect(checkIn.userId).toBe(caller.user.id);
    const remote = await stripe().subscriptions.retrieve(stripeId);
    expect(remote.pause_collection).toEqual({ behavior: "void", resumes_at: null });
    await waitFor(async () => (await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).collectionPaused);
    // The first supply is the assessment's: one order, not linked to a check-in.
    const orders = await ordersOf(row.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.checkInId).toBeNull();
    const list = await call(userSubscriptions, "/api/user-subscriptions", { method: "GET", ...caller });
    const mine = list.body.subscriptions.find((s: { id: string }) => s.id === row.id);
    expect(mine).toMatchObject({ paused: false, check_in: { id: checkIn.id, status: "due", due_by: checkIn.periodEnd.toISOString() } });
    // A second sync changes nothing.
    await applySubscription(stripeId);
    expect(await db.checkIn.count({ where: { subscriptionId: row.id } })).toBe(1);
  });

  it("no answer by the renewal date: the invoice is voided, the check-in MISSED, nothing charged or ordered, the patient emailed once", async () => {
    const { caller, stripeId, row, checkIn } = await mounjaroSubscriber();
    hold();
    await sandbox.renew(stripeId);
    const deliveries = release();
    expect(deliveries.map((d) => d.event.type)).toEqual(["invoice.voided", "customer.subscription.updated"]);
    for (const d of [...deliveries, ...deliveries]) expect((await deliverWebhook(d.payload, d.signature)).status).toBe(200);
    expect((await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).status).toBe("MISSED");
    expect(await ordersOf(row.id)).toHaveLength(1);
    expect(await emailsTo(caller.user.email, "paused: nothing was charged")).toBe(1);
    expect(await db.auditEvent.count({ where: { action: "check_in.missed", subjectId: checkIn.id } })).toBe(1);
    // No second check-in while this one is open.
    expect(await db.checkIn.count({ where: { subscriptionId: row.id } })).toBe(1);
    const invoice = await stripe().invoices.retrieve(deliveries[0]!.event.data.object.id as string);
    expect(invoice.status).toBe("void");
  });

  it("approval before the renewal: the renewal is charged once, with one order naming the check-in, and the next period's check-in opens", async () => {
    const { caller, stripeId, row, checkIn } = await mounjaroSubscriber();
    const sent = await submitAs(caller, checkIn.id, goodAnswers);
    expect(sent.status).toBe(200);
    expect(sent.body.check_in.status).toBe("submitted");
    expect((await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).weightKg?.toString()).toBe("92.4");

    const approved = await approve(checkIn.id);
    expect(approved.status).toBe("APPROVED");
    expect((await stripe().subscriptions.retrieve(stripeId)).pause_collection).toBeNull();
    expect(await emailsTo(caller.user.email, "check-in is approved")).toBe(1);

    hold();
    await sandbox.renew(stripeId);
    const deliveries = release();
    expect(deliveries.map((d) => d.event.type)).toContain("invoice.paid");
    for (const d of [...deliveries, ...deliveries]) expect((await deliverWebhook(d.payload, d.signature)).status).toBe(200);
    const orders = await ordersOf(row.id);
    expect(orders).toHaveLength(2);
    expect(orders[1]!.checkInId).toBe(checkIn.id);
    expect(orders[1]!.status).toBe("AWAITING_PHARMACIST");
    const next = await db.checkIn.findMany({ where: { subscriptionId: row.id }, orderBy: { periodEnd: "asc" } });
    expect(next.map((c) => c.status)).toEqual(["APPROVED", "DUE"]);
    const synced = await db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(next[1]!.periodEnd.getTime()).toBe(synced.currentPeriodEnd!.getTime());
    await waitFor(async () => (await stripe().subscriptions.retrieve(stripeId)).pause_collection?.behavior === "void");

    // The pharmacist's view of that order shows the check-in that allowed it.
    const pharmacist = await createStaff("PHARMACIST");
    const orderCase = await getOrderCase(staffActor(pharmacist, "PHARMACIST"), orders[1]!.id);
    expect(orderCase.checkIn).toMatchObject({ reference: checkIn.reference, weightKg: "92.4", sideEffects: null, wantsToContinue: "YES" });
    expect(orderCase.checkIn?.approvedAt).toBeTruthy();
    // The approval is the prescriber's decision for this supply: no separate authorisation, and the GP letter names the approver.
    expect(orderCase).toMatchObject({ awaitingPrescriber: false, authorisation: { via: "check_in", prescriberName: "Sam Patel" } });
    expect(orderCase.supplyChecks.find((check) => check.key === "prescriber_authorisation")?.state).toBe("met");
    await meetSupplyChecks({ userId: caller.user.id, orderId: orders[1]!.id }, { except: ["prescriber"] });
    const pharmacistActor = staffActor(pharmacist, "PHARMACIST");
    await claimOrder(pharmacistActor, orders[1]!.id);
    expect((await dispenseOrder(pharmacistActor, orders[1]!.id)).status).toBe("AWAITING_DISPATCH");
    expect(await db.gpLetter.findFirstOrThrow({ where: { subjectId: orders[1]!.id } })).toMatchObject({ prescriberName: "Sam Patel", prescriberRegistration: expect.stringMatching(/^GMC \d{7}$/) });
  });

  it("late approval after a missed renewal: charged at once, exactly once, and supplied", async () => {
    const { caller, stripeId, row, checkIn } = await mounjaroSubscriber();
    await sandbox.renew(stripeId);
    await waitFor(async () => (await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).status === "MISSED");
    expect((await submitAs(caller, checkIn.id, goodAnswers)).status).toBe(200);
    const approved = await approve(checkIn.id);
    expect(approved.message).toContain("charged now");
    const orders = await waitFor(async () => {
      const found = await ordersOf(row.id);
      return found.length === 2 ? found : null;
    });
    expect(orders[1]!.checkInId).toBe(checkIn.id);
    // Syncing again (any later event) charges nothing more.
    await applySubscription(stripeId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ordersOf(row.id)).toHaveLength(2);
    const payments = await stripe().invoicePayments.list({ limit: 100 });
    const paidForThis = payments.data.filter((p) => orders.some((o) => o.stripeInvoiceId === p.invoice));
    expect(paidForThis).toHaveLength(2);
    expect(await emailsTo(caller.user.email, "check-in is approved")).toBe(1);
  });

  it("the patient cannot pause, resume or skip around a pending check-in (409 pointing to it)", async () => {
    const { caller, row, checkIn } = await mounjaroSubscriber();
    for (const [route, action] of [[resumeRoute, "resume"], [skipRoute, "skip"], [pauseRoute, "pause"]] as const) {
      const res = await call(route, `/api/subscriptions/${row.id}/${action}`, { method: "POST", params: { id: row.id }, ...caller });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain(`/dashboard/check-ins/${checkIn.id}`);
    }
  });

  it("'stop': the subscription ends at the period's end, the check-in is STOPPED, and the renewal charges nothing", async () => {
    const { caller, stripeId, row, checkIn } = await mounjaroSubscriber();
    const res = await submitAs(caller, checkIn.id, { ...goodAnswers, continue: "stop" });
    expect(res.status).toBe(200);
    expect(res.body.check_in.status).toBe("stopped");
    expect((await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).cancelAtPeriodEnd).toBe(true);
    expect((await listCheckInQueue(await prescriber(), { reference: checkIn.reference })).items).toEqual([]);
    await sandbox.renew(stripeId);
    await waitFor(async () => (await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).status === "CANCELED");
    expect(await ordersOf(row.id)).toHaveLength(1);
    expect(await db.auditEvent.count({ where: { action: "check_in.stopped", subjectId: checkIn.id } })).toBe(1);
  });

  it("'speak to a doctor' is flagged for the prescriber; a referral invites to a free consultation and leaves the renewal unpaid", async () => {
    const { caller, stripeId, row, checkIn } = await mounjaroSubscriber();
    expect((await submitAs(caller, checkIn.id, { ...goodAnswers, side_effects: "yes", side_effects_detail: "Nausea most mornings", continue: "doctor" })).status).toBe(200);
    const actor = await prescriber();
    const queued = (await listCheckInQueue(actor, { reference: checkIn.reference })).items.find((item) => item.id === checkIn.id);
    expect(queued).toMatchObject({ flagged: true, dueBy: checkIn.periodEnd.toISOString() });
    const seen = await getCheckInCase(actor, checkIn.id);
    expect(seen.flags.map((f) => f.kind)).toEqual(["wants_doctor", "side_effects"]);
    expect(seen.answers.sideEffects).toBe("Nausea most mornings");
    expect(seen.previousSupplies).toHaveLength(1);
    expect(await db.auditEvent.count({ where: { action: "check_in.viewed", subjectId: checkIn.id, actorId: actor.user.id } })).toBe(1);
    // A decision without the claim is refused.
    await expect(referCheckIn(actor, checkIn.id, { note: "Discuss the nausea before continuing." })).rejects.toMatchObject({ code: "conflict" });
    await claimCheckIn(actor, checkIn.id);
    await referCheckIn(actor, checkIn.id, { note: "Discuss the nausea before continuing." });
    expect((await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).status).toBe("REFERRED");
    const invitation = await db.consultationInvitation.findFirstOrThrow({ where: { userId: caller.user.id } });
    expect(invitation).toMatchObject({ feeWaived: true, orderId: null, usedAt: null });
    expect(await emailsTo(caller.user.email, "would like to speak with you")).toBe(1);
    await expect(approveCheckIn(actor, checkIn.id, { note: "" })).rejects.toMatchObject({ code: "conflict" });
    await sandbox.renew(stripeId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ordersOf(row.id)).toHaveLength(1);
  });

  it("the prescriber's routes: release gives the claim back, a referral needs the claim and a note (each answer checked against the API contract)", async () => {
    const { caller, checkIn } = await mounjaroSubscriber();
    expect((await submitAs(caller, checkIn.id, { ...goodAnswers, continue: "doctor" })).status).toBe(200);
    const { cookies } = await signedInStaff("PRESCRIBER");
    const routes = { claim: claimRoute, release: releaseRoute, refer: referRoute };
    const post = (action: keyof typeof routes, json?: Record<string, unknown>) =>
      call(routes[action], `/api/staff/check-ins/${checkIn.id}/${action}`, { method: "POST", params: { id: checkIn.id }, cookies, ...(json ? { json } : {}) });
    const note = { note: "Discuss the wish to see a doctor before continuing." };

    expect((await post("refer", note)).status).toBe(409);
    expect((await post("release")).status).toBe(409);
    expect((await post("claim")).body.check_in).toMatchObject({ id: checkIn.id, reference: checkIn.reference, status: "SUBMITTED" });
    const released = await post("release");
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ message: `${checkIn.reference} is back in the queue.`, check_in: { id: checkIn.id, reference: checkIn.reference, status: "SUBMITTED", message: released.body.message } });
    expect((await post("claim")).status).toBe(200);
    const short = await post("refer", { note: "Call me" });
    expect(short.status).toBe(422);
    expect(short.body.errors.note[0]).toContain("at least 10 characters");
    const referred = await post("refer", note);
    expect(referred.status).toBe(200);
    expect(referred.body.check_in).toMatchObject({ id: checkIn.id, status: "REFERRED" });
    expect((await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).status).toBe("REFERRED");
    expect((await post("release")).status).toBe(409);
  });

  it("an untriaged side-effect report of the patient flags the check-in for the prescriber, with a link to it, until triaged", async () => {
    const { caller, checkIn } = await mounjaroSubscriber();
    expect((await submitAs(caller, checkIn.id, goodAnswers)).status).toBe(200);
    const report = await db.sideEffectReport.create({
      data: { reference: `SE-${checkIn.id.slice(0, 6).toUpperCase()}`, userId: caller.user.id, treatmentName: "Mounjaro", description: "Dizzy after the injection", startedOn: new Date(), severity: "MODERATE", serious: false },
    });
    const actor = await prescriber();
    const flagged = await getCheckInCase(actor, checkIn.id);
    expect(flagged.flags).toEqual([{ kind: "side_effect_report", label: `Side effect report ${report.reference} (moderate), not yet triaged`, href: `/staff/side-effects/${report.id}` }]);
    await db.sideEffectReport.update({ where: { id: report.id }, data: { triagedAt: new Date(), triageOutcome: "ADVICE_GIVEN" } });
    expect((await getCheckInCase(actor, checkIn.id)).flags).toEqual([]);
  });

  it("is the owner's only, and answers a wrong or missing answer with 422 and a sentence to act on", async () => {
    const { caller, checkIn } = await mounjaroSubscriber();
    const other = await patient();
    expect((await submitAs(other, checkIn.id, goodAnswers)).status).toBe(404);
    expect(await getOwnCheckIn(patientActor(other.user), checkIn.id)).toBeNull();
    expect(await getOwnCheckIn(patientActor(caller.user), checkIn.id)).toMatchObject({ id: checkIn.id, status: "DUE", needsWeight: true });
    expect((await submitAs(caller, "not-a-uuid", goodAnswers)).status).toBe(404);

    const missing = await submitAs(caller, checkIn.id, { side_effects: "none", new_conditions: "none" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.continue[0]).toContain("continue");
    const noWeight = await submitAs(caller, checkIn.id, { ...goodAnswers, weight_kg: undefined });
    expect(noWeight.status).toBe(422);
    expect(noWeight.body.errors.weight_kg[0]).toContain("kilograms");
    expect((await submitAs(caller, checkIn.id, { ...goodAnswers, weight_kg: "heavy" })).status).toBe(422);
    expect((await submitAs(caller, checkIn.id, { ...goodAnswers, weight_kg: 900 })).status).toBe(422);
    const noDetail = await submitAs(caller, checkIn.id, { ...goodAnswers, side_effects: "yes" });
    expect(noDetail.status).toBe(422);
    expect(noDetail.body.errors.side_effects_detail).toBeDefined();
    expect((await db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).status).toBe("DUE");

    expect((await submitAs(caller, checkIn.id, { ...goodAnswers, weight_kg: "88,5" })).status).toBe(200);
    const again = await submitAs(caller, checkIn.id, goodAnswers);
    expect(again.status).toBe(409);
  });

  it("only prescribers and admins review check-ins, and never their own", async () => {
    const { checkIn } = await mounjaroSubscriber();
    const pharmacist = await signedInStaff("PHARMACIST");
    const res = await call(claimRoute, `/api/staff/check-ins/${checkIn.id}/claim`, { method: "POST", params: { id: checkIn.id }, cookies: pharmacist.cookies });
    expect(res.status).toBe(403);
    // A prescriber's own check-in goes to another prescriber (separation of duties), and the refusal is audited.
    const own = await mounjaroSubscriber();
    expect((await submitAs(own.caller, own.checkIn.id, goodAnswers)).status).toBe(200);
    await db.user.update({ where: { id: own.caller.user.id }, data: { role: "PRESCRIBER" } });
    await expect(claimCheckIn(staffActor(own.caller.user, "PRESCRIBER"), own.checkIn.id)).rejects.toMatchObject({ code: "forbidden" });
    expect(await db.auditEvent.count({ where: { action: "check_in.own_case_refused", subjectId: own.checkIn.id } })).toBe(1);
  });

  it("reminds at 7 and 3 days before the renewal, once each, only while the check-in is unanswered", async () => {
    const { caller, checkIn } = await mounjaroSubscriber();
    const end = checkIn.periodEnd.getTime();
    expect(await sendCheckInReminder(checkIn.id, 7, new Date(end - 8 * DAY_MS))).toBe("not due");
    expect(await sendCheckInReminder(checkIn.id, 7, new Date(end - 7 * DAY_MS + 60_000))).toBe("sent");
    expect(await sendCheckInReminder(checkIn.id, 7, new Date(end - 6 * DAY_MS))).toBe("already sent");
    expect(await sendCheckInReminder(checkIn.id, 3, new Date(end - 5 * DAY_MS))).toBe("not due");
    expect(await sendCheckInReminder(checkIn.id, 3, new Date(end - 3 * DAY_MS + 60_000))).toBe("sent");
    expect(await emailsTo(caller.user.email, "complete your check-in before")).toBe(2);
    const second = await mounjaroSubscriber();
    expect((await submitAs(second.caller, second.checkIn.id, goodAnswers)).status).toBe(200);
    expect(await sendCheckInReminder(second.checkIn.id, 3, new Date(second.checkIn.periodEnd.getTime() - 3 * DAY_MS + 60_000))).toBe("answered");
    expect(await emailsTo(second.caller.user.email, "complete your check-in before")).toBe(0);
    // Both reminders are queued with the check-in.
    const jobs = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'subscription.check-in-reminder' AND data->>'checkInId' = ${checkIn.id}`;
    expect(Number(jobs[0]!.n)).toBe(2);
  });

  it("an approval whose sync could not reach the payment provider still stands, and the queued release lifts the pause later", async () => {
    const { caller, stripeId, checkIn } = await mounjaroSubscriber();
    expect((await submitAs(caller, checkIn.id, goodAnswers)).status).toBe(200);
    // Let the deliveries already under way land, then hold later ones: no webhook may sync the subscription meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 500));
    hold();
    const down = jest.spyOn(stripe().subscriptions, "retrieve").mockRejectedValue(new Error("connect ECONNREFUSED"));
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await approve(checkIn.id)).status).toBe("APPROVED");
    } finally {
      down.mockRestore();
      quiet.mockRestore();
    }
    expect((await stripe().subscriptions.retrieve(stripeId)).pause_collection).not.toBeNull();
    release();
    const jobs = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'check-in.release' AND data->>'checkInId' = ${checkIn.id}`;
    expect(Number(jobs[0]!.n)).toBe(1);
    const run = { id: "test", attempt: 1, isLastAttempt: false };
    expect(await releaseCheckInJob.handler({ checkInId: checkIn.id }, run)).toEqual({ result: "synced" });
    expect((await stripe().subscriptions.retrieve(stripeId)).pause_collection).toBeNull();
    expect(await releaseCheckInJob.handler({ checkInId: checkIn.id }, run)).toEqual({ result: "nothing to do" });
  });

  it("the renewal reminder of a subscription waiting for its check-in does not say it will be charged", async () => {
    const { caller, row, checkIn } = await mounjaroSubscriber();
    const end = checkIn.periodEnd;
    expect(await sendRenewalReminder(row.id, end, new Date(end.getTime() - REMINDER_DAYS * DAY_MS + 60_000))).toBe("sent");
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: caller.user.email, subject: { contains: "renews on" } } });
    expect(mail.text).toContain("Once our prescriber has approved your check-in");
    expect(mail.text).not.toContain("We will then charge");
  });
});
