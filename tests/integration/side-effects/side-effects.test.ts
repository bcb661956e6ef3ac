import { POST as report } from "@/app/api/side-effects/route";
import { POST as patientMessage } from "@/app/api/side-effects/[id]/messages/route";
import { POST as staffMessage } from "@/app/api/staff/side-effects/[id]/messages/route";
import { POST as triage } from "@/app/api/staff/side-effects/[id]/triage/route";
import { deleteAccount } from "@/lib/server/account/delete-account";
import { exportAccountData } from "@/lib/server/account/export-account-data";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { openSideEffectFlags } from "@/lib/server/side-effects/open-side-effect-flags";
import { getOwnReport, listOwnReports } from "@/lib/server/side-effects/patient-reports";
import { listReceivedTreatments } from "@/lib/server/side-effects/received-treatments";
import { getReportForStaff, listReportsForStaff } from "@/lib/server/side-effects/staff-reports";
import { londonToday } from "@/lib/format/dates";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { patientActor, staffActor } from "@/tests/factories/actor";
import { createIssuedPrescription } from "@/tests/factories/prescription";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn, TEST_PASSWORD } from "@/tests/factories/user";
import { accountShopper, createPaidOrder } from "@/tests/integration/orders/support/shop";

const sandbox = sandboxForThisFile();

type Cookies = Record<string, string>;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** A patient with a dispatched medicine order (the treatment received) and a later paid order waiting for the pharmacist. */
async function patientWithSupplies() {
  const user = await createUser();
  const { cookies } = await signIn(user);
  const shopper = accountShopper(cookies, user.email);
  const { order: first } = await createPaidOrder(sandbox, { shopper });
  await db.order.update({ where: { id: first.id }, data: { status: "DISPATCHED", dispatchedAt: new Date(), trackingReference: "RM123456789GB" } });
  const { order: later } = await createPaidOrder(sandbox, { shopper });
  return { user, cookies, first, later, lineKey: `line:${first.lines[0]!.id}` };
}

function reportAs(cookies: Cookies, json: Record<string, unknown>) {
  return call(report, "/api/side-effects", { json, cookies });
}

function validReport(treatment: string, overrides: Record<string, unknown> = {}) {
  return { treatment, description: "Itchy, flaky scalp where I apply it, every evening.", startedOn: daysAgo(5), severity: "MODERATE", redFlags: [], ...overrides };
}

const staffAct = (handler: typeof triage, action: string, id: string, cookies: Cookies, json: unknown) =>
  call(handler, `/api/staff/side-effects/${id}/${action}`, { json, cookies, params: { id } });

describe("reporting a side effect", () => {
  it("creates the report and its thread, audits it, and flags the patient's later order for the pharmacist", async () => {
    const { user, cookies, later, lineKey } = await patientWithSupplies();
    const treatments = await listReceivedTreatments(user.id);
    expect(treatments.map((t) => t.key)).toEqual([lineKey]);

    const res = await reportAs(cookies, validReport(lineKey));
    expect(res.status).toBe(201);
    const { id, reference, serious } = res.body.report;
    expect(reference).toMatch(/^SE-[2-9A-Z]{6}$/);
    expect(serious).toBe(false);

    const row = await db.sideEffectReport.findUniqueOrThrow({ where: { id }, include: { messages: true } });
    expect(row).toMatchObject({ userId: user.id, severity: "MODERATE", serious: false, triagedAt: null, treatmentName: expect.stringContaining("Minoxidil") });
    expect(row.messages).toEqual([expect.objectContaining({ author: "PATIENT", authorUserId: user.id, body: "Itchy, flaky scalp where I apply it, every evening." })]);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { subjectId: id, action: "side_effect.reported" } });
    expect(audit).toMatchObject({ actorId: user.id, subjectType: "side_effect_report" });
    expect(JSON.stringify(audit.detail)).not.toMatch(/scalp/);

    expect(await openSideEffectFlags(user.id)).toEqual([expect.objectContaining({ reportId: id, reference, severity: "MODERATE", serious: false })]);
    const { staff } = await signedInStaff("PHARMACIST", false);
    const orderCase = await getOrderCase(staffActor(staff, "PHARMACIST"), later.id);
    expect(orderCase.sideEffectFlags).toEqual([expect.objectContaining({ reportId: id, severity: "MODERATE" })]);

    expect((await listOwnReports(patientActor(user))).map((r) => r.id)).toEqual([id]);
    expect((await getOwnReport(patientActor(user), id)).messages).toHaveLength(1);
  });

  it("marks a red-flag symptom or a severe answer serious (the 999 message), and an issued prescription can be reported on", async () => {
    const { cookies, lineKey } = await patientWithSupplies();
    const breathing = await reportAs(cookies, validReport(lineKey, { severity: "MILD", redFlags: ["breathing", "breathing", "swelling"] }));
    expect(breathing.status).toBe(201);
    expect(breathing.body.report.serious).toBe(true);
    expect((await db.sideEffectReport.findUniqueOrThrow({ where: { id: breathing.body.report.id } })).redFlags).toEqual(["breathing", "swelling"]);
    const severe = await reportAs(cookies, validReport(lineKey, { severity: "SEVERE" }));
    expect(severe.body.report.serious).toBe(true);
    const mild = await reportAs(cookies, validReport(lineKey, { severity: "MILD" }));
    expect(mild.body.report.serious).toBe(false);

    const user = await createUser();
    const { cookies: rxCookies } = await signIn(user);
    const { prescriptionId } = await createIssuedPrescription({ userId: user.id });
    const rx = await reportAs(rxCookies, validReport(`rx:${prescriptionId}`));
    expect(rx.status).toBe(201);
    expect(await db.sideEffectReport.findUniqueOrThrow({ where: { id: rx.body.report.id } })).toMatchObject({ prescriptionId, orderLineId: null, treatmentName: expect.stringContaining("Finasteride") });
  });

  it("refuses bad input with a 4xx naming the field, and writes nothing", async () => {
    const { user, cookies, lineKey } = await patientWithSupplies();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [validReport(lineKey, { startedOn: tomorrow }), "startedOn"],
      [validReport(lineKey, { startedOn: "2026-02-30" }), "startedOn"],
      [validReport(lineKey, { startedOn: "last week" }), "startedOn"],
      [validReport(lineKey, { description: "   " }), "description"],
      [validReport(lineKey, { description: "x".repeat(2001) }), "description"],
      [validReport(lineKey, { severity: "DEADLY" }), "severity"],
      [validReport(lineKey, { redFlags: ["hiccups"] }), "redFlags.0"],
      [validReport("line:not-a-uuid"), "treatment"],
      [validReport(`line:00000000-0000-4000-8000-000000000000`), "treatment"],
    ];
    for (const [json, field] of cases) {
      const res = await reportAs(cookies, json);
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([422, [field]]);
    }
    expect((await reportAs(cookies, validReport(lineKey, { startedOn: londonToday() }))).status).toBe(201);
    const garbage = await call(report, "/api/side-effects", { body: "{not json", headers: { "content-type": "application/json" }, cookies });
    expect(garbage.status).toBeGreaterThanOrEqual(400);
    expect(garbage.status).toBeLessThan(500);
    expect((await reportAs({}, validReport(lineKey))).status).toBe(401);
    const { cookies: staffCookies } = await signedInStaff("PHARMACIST", false);
    expect((await reportAs(staffCookies, validReport(lineKey))).status).toBe(403);
    expect(await db.sideEffectReport.count({ where: { userId: user.id } })).toBe(1);
  });

  it("keeps reports to their owner: another patient gets 404 and cannot report on someone else's treatment", async () => {
    const owner = await patientWithSupplies();
    const { body } = await reportAs(owner.cookies, validReport(owner.lineKey));
    const id = body.report.id as string;
    const stranger = await createUser();
    const { cookies } = await signIn(stranger);
    await expect(getOwnReport(patientActor(stranger), id)).rejects.toMatchObject({ code: "not_found" });
    const message = await call(patientMessage, `/api/side-effects/${id}/messages`, { json: { body: "Hello" }, cookies, params: { id } });
    expect(message.status).toBe(404);
    const theirs = await reportAs(cookies, validReport(owner.lineKey));
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors.treatment).toBeDefined();
    expect(await db.sideEffectMessage.count({ where: { reportId: id } })).toBe(1);
    const mine = await call(patientMessage, `/api/side-effects/${id}/messages`, { json: { body: "It is getting better." }, cookies: owner.cookies, params: { id } });
    expect(mine.status).toBe(201);
  });
});

describe("the clinical team", () => {
  it("reads a report (audited), replies (the patient is emailed without medical detail) and triages it once, which clears the flag", async () => {
    const { user, cookies, later, lineKey } = await patientWithSupplies();
    const { body } = await reportAs(cookies, validReport(lineKey, { redFlags: ["chest-pain"] }));
    const id = body.report.id as string;
    const { staff, cookies: staffCookies } = await signedInStaff("PRESCRIBER");
    const actor = staffActor(staff, "PRESCRIBER");

    const list = await listReportsForStaff();
    expect(list.open.find((item) => item.id === id)).toMatchObject({ serious: true, triaged: false });
    expect(JSON.stringify(list)).not.toMatch(/scalp/);
    const view = await getReportForStaff(actor, id);
    expect(view).toMatchObject({ reference: body.report.reference, patient: { name: user.name, email: user.email }, redFlags: ["chest-pain"] });
    expect(await db.auditEvent.count({ where: { subjectId: id, action: "side_effect.viewed", actorId: staff.id } })).toBe(1);

    const reply = await staffAct(staffMessage, "messages", id, staffCookies, { body: "Please stop applying it and call 111 today." });
    expect(reply.status).toBe(200);
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: user.email, subject: { contains: body.report.reference } } });
    expect(mail.text).not.toMatch(/scalp|111 today|chest/i);
    expect((await getOwnReport(patientActor(user), id)).messages.map((m) => [m.author, m.authorName])).toEqual([["PATIENT", user.name], ["STAFF", null]]);
    expect(await db.auditEvent.count({ where: { subjectId: id, action: "side_effect.staff_replied" } })).toBe(1);

    const emptyNote = await staffAct(triage, "triage", id, staffCookies, { outcome: "ADVICE_GIVEN", note: "" });
    expect(emptyNote.status).toBe(422);
    expect((await staffAct(triage, "triage", id, staffCookies, { outcome: "SHRUG", note: "Spoke to the patient today." })).status).toBe(422);
    const { cookies: patientCookies } = await signIn(user);
    expect((await staffAct(triage, "triage", id, patientCookies, { outcome: "ADVICE_GIVEN", note: "Spoke to the patient today." })).status).toBe(403);
    expect(await openSideEffectFlags(user.id)).toHaveLength(1);

    const done = await staffAct(triage, "triage", id, staffCookies, { outcome: "TREATMENT_PAUSED", note: "Spoke to the patient: paused minoxidil, GP review advised." });
    expect(done.status).toBe(200);
    expect(await db.sideEffectReport.findUniqueOrThrow({ where: { id } })).toMatchObject({ triageOutcome: "TREATMENT_PAUSED", triagedById: staff.id, triagedAt: expect.any(Date) });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { subjectId: id, action: "side_effect.triaged" } });
    expect(audit).toMatchObject({ actorId: staff.id, detail: expect.objectContaining({ outcome: "TREATMENT_PAUSED" }) });
    expect(await openSideEffectFlags(user.id)).toEqual([]);
    const { staff: pharmacistUser } = await signedInStaff("PHARMACIST", false);
    expect((await getOrderCase(staffActor(pharmacistUser, "PHARMACIST"), later.id)).sideEffectFlags).toEqual([]);

    const again = await staffAct(triage, "triage", id, staffCookies, { outcome: "NO_ACTION", note: "A second decision must be refused." });
    expect(again.status).toBe(409);
    expect(await db.auditEvent.count({ where: { subjectId: id, action: "side_effect.triaged" } })).toBe(1);
    expect((await staffAct(triage, "triage", "00000000-0000-4000-8000-000000000000", staffCookies, { outcome: "NO_ACTION", note: "Nothing to see here at all." })).status).toBe(404);
  });
});

describe("the account's data", () => {
  it("exports the reports with their thread, and deleting the account keeps them detached (a clinical record)", async () => {
    const { user, cookies, lineKey } = await patientWithSupplies();
    const { body } = await reportAs(cookies, validReport(lineKey));
    const exported = await exportAccountData(patientActor(user));
    expect(exported.side_effect_reports).toEqual([
      expect.objectContaining({ reference: body.report.reference, severity: "MODERATE", description: expect.stringContaining("scalp"), messages: [expect.objectContaining({ from: "you" })] }),
    ]);
    await deleteAccount(patientActor(user), TEST_PASSWORD);
    expect(await db.sideEffectReport.findUniqueOrThrow({ where: { id: body.report.id } })).toMatchObject({ userId: null });
  });
});
