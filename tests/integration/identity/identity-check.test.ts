// The identity rule end to end: the patient starts a Stripe Identity check (the sandbox), the
// signed webhook records the document, and the prescriber's issue and the pharmacist's dispense
// of a prescription-only medicine wait until its name and date of birth match the answers.
import { prescribeOrderForTest } from "@/tests/factories/supply";
import { GET as exportData } from "@/app/api/account/export/route";
import { POST as claimOrder } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as dispenseOrder } from "@/app/api/staff/orders/[id]/dispense/route";
import { POST as startRoute } from "@/app/api/identity/verification/route";
import { getIdentityPage } from "@/lib/server/identity/get-identity-page";
import { findIdentityTask } from "@/lib/server/identity/find-identity-task";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { getReviewCase } from "@/lib/server/prescription-review/get-review-case";
import { GUEST, NOT_VERIFIED } from "@/lib/server/supply-checks/identity-check";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { deliverWebhook, sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { patientActor, staffActor } from "@/tests/factories/actor";
import { passAssessment } from "@/tests/factories/assessment";
import { SHORT_PATH } from "@/tests/factories/questionnaire";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";
import { accountShopper, addToCart, checkout, guestShopper, orderByReference, type Shopper } from "@/tests/integration/orders/support/shop";
import { claimCase, issueCase } from "@/tests/integration/prescription-review/support/staff-calls";
import { createPaidRequest } from "@/tests/integration/prescription-review/support/paid-request";

const sandbox = sandboxForThisFile();

async function startCheck(cookies: Record<string, string>) {
  const res = await call(startRoute, "/api/identity/verification", { method: "POST", json: {}, cookies });
  return { res, sessionId: typeof res.body.url === "string" ? (res.body.url as string).split("/").at(-1)! : "" };
}

/** The patient verifies on the sandbox's page with this document; the signed webhook reaches our route. */
async function verifyWith(cookies: Record<string, string>, document: { firstName: string; lastName: string; dob: string }) {
  const { sessionId } = await startCheck(cookies);
  await sandbox.verifyIdentity(sessionId, { outcome: "verified", ...document });
  return sessionId;
}

const auditsOf = (action: string, subjectId: string) => db.auditEvent.findMany({ where: { action, subjectId } });

async function prescriber() {
  const staff = await signedInStaff("PRESCRIBER", true, { name: "Dr Priya Shah" });
  return staff;
}

/** A paid order for Viagra (prescription-only) through its assessment, cart, checkout and payment. */
async function paidPomOrder(shopper: Shopper) {
  const assessmentId = await passAssessment("viagra", shopper);
  const plan = await db.plan.findFirstOrThrow({ where: { slug: "viagra-1-month" }, select: { id: true } });
  const added = await addToCart(shopper, { plan_id: plan.id, assessment_id: assessmentId });
  if (added.status !== 201) throw new Error(`add: ${added.status} ${JSON.stringify(added.body)}`);
  const res = await checkout(shopper);
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  await sandbox.pay(res.body.sessionId);
  return orderByReference(res.body.reference);
}

describe("starting an identity check", () => {
  it("opens the provider's page for a signed-in patient and reuses the open check; the signed-out and staff are refused", async () => {
    const patient = await createUser();
    const { cookies } = await signIn(patient);
    const first = await startCheck(cookies);
    expect(first.res.status).toBe(200);
    expect(first.res.body.url).toMatch(/\/verify\/vs_/);
    const again = await startCheck(cookies);
    expect(again.sessionId).toBe(first.sessionId);
    expect(await db.identityVerification.count({ where: { userId: patient.id } })).toBe(1);
    expect(sandbox.verificationSession(first.sessionId)?.metadata).toEqual({ user_id: patient.id });

    expect((await call(startRoute, "/api/identity/verification", { method: "POST", json: {} })).status).toBe(401);
    const { cookies: staffCookies } = await prescriber();
    expect((await call(startRoute, "/api/identity/verification", { method: "POST", json: {}, cookies: staffCookies })).status).toBe(403);
  });

  it("records a verified document from the signed webhook once (a repeat changes nothing), and a bad signature is refused", async () => {
    const patient = await createUser();
    const { cookies } = await signIn(patient);
    const { sessionId } = await startCheck(cookies);
    const event = await sandbox.verifyIdentity(sessionId, { outcome: "verified", firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" });
    const row = await db.identityVerification.findUniqueOrThrow({ where: { providerSessionId: sessionId } });
    expect(row).toMatchObject({ status: "VERIFIED", firstName: "Alex", lastName: "Morgan", dateOfBirth: "1990-05-17", lastErrorCode: null });
    expect(row.documentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.verifiedAt).not.toBeNull();
    await sandbox.redeliver(event.id);
    expect(await auditsOf("identity.verified", row.id)).toHaveLength(1);
    // The patient's copy of their data lists the check (never the document's number or hash).
    const exported = await call(exportData, "/api/account/export", { cookies });
    expect(exported.body.identity_checks).toEqual([expect.objectContaining({ status: "VERIFIED", name_on_document: "Alex Morgan", date_of_birth_on_document: "1990-05-17" })]);
    expect(JSON.stringify(exported.body)).not.toContain(row.documentHash!);

    const forged = await deliverWebhook(JSON.stringify({ ...event, id: "evt_forged" }), "t=1,v1=deadbeef");
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe("Invalid signature.");
  });

  it("an unreadable document leaves the check requiring input, with the reason, audited; the next attempt may verify", async () => {
    const patient = await createUser();
    const { cookies } = await signIn(patient);
    const { sessionId } = await startCheck(cookies);
    await sandbox.verifyIdentity(sessionId, { outcome: "unreadable" });
    const row = await db.identityVerification.findUniqueOrThrow({ where: { providerSessionId: sessionId } });
    expect(row).toMatchObject({ status: "REQUIRES_INPUT", lastErrorCode: "document_unverified_other", firstName: null });
    expect(await auditsOf("identity.requires_input", row.id)).toHaveLength(1);
    const page = await getIdentityPage(patientActor(patient), { returned: true });
    expect(page.attempt).toMatchObject({ status: "REQUIRES_INPUT", lastError: expect.stringContaining("could not be read") });
    // Try again: the same open session, now verified.
    const again = await startCheck(cookies);
    expect(again.sessionId).toBe(sessionId);
    await sandbox.verifyIdentity(sessionId, { outcome: "verified", firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" });
    expect((await getIdentityPage(patientActor(patient), { returned: true })).verified).toMatchObject({ name: "Alex Morgan", dateOfBirth: "1990-05-17" });
  });

  it("the return page re-reads the provider (the webhook may not have arrived) and shows only the patient's own check", async () => {
    const held = await createUser();
    const { cookies } = await signIn(held);
    const { sessionId } = await startCheck(cookies);
    // Verified at the provider, the webhook lost: only the return's look-up can know.
    await db.identityVerification.update({ where: { providerSessionId: sessionId }, data: { providerSessionId: `${sessionId}_tmp` } });
    await sandbox.verifyIdentity(sessionId, { outcome: "verified", firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" });
    await db.identityVerification.update({ where: { providerSessionId: `${sessionId}_tmp` }, data: { providerSessionId: sessionId } });
    expect((await getIdentityPage(patientActor(held), { returned: false })).verified).toBeNull();
    expect((await getIdentityPage(patientActor(held), { returned: true })).verified).toMatchObject({ name: "Alex Morgan" });

    const stranger = await createUser();
    expect(await getIdentityPage(patientActor(stranger), { returned: true })).toEqual({ verified: null, attempt: null, task: null });
  });
});

describe("the identity rule on a prescription", () => {
  it("blocks the issue until the patient verifies, tells the patient on the dashboard, then issues with the check in the audit", async () => {
    const { patient, cookies, request } = await createPaidRequest(sandbox, { identity: false });
    const staff = await prescriber();
    expect((await claimCase(request.id, { cookies: staff.cookies })).status).toBe(200);

    const task = await findIdentityTask(patientActor(patient));
    expect(task).toEqual({ reason: "not_verified", mismatched: [], references: [request.reference] });
    const refused = await issueCase(request.id, { cookies: staff.cookies });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NOT_VERIFIED);
    const before = await getReviewCase(staffActor(staff.staff, "PRESCRIBER"), request.id);
    expect(before.supplyChecks.find((check) => check.key === "identity")).toMatchObject({ state: "unmet", blocking: NOT_VERIFIED });

    await verifyWith(cookies, { firstName: "ALEX", lastName: "Morgan", dob: "1990-05-17" });
    expect(await findIdentityTask(patientActor(patient))).toBeNull();
    const seen = await getReviewCase(staffActor(staff.staff, "PRESCRIBER"), request.id);
    const identity = seen.supplyChecks.find((check) => check.key === "identity")!;
    expect(identity.state).toBe("met");
    expect(identity.facts).toEqual(expect.arrayContaining([{ label: "Name on the document", value: "ALEX Morgan" }, { label: "Matched", value: "name and date of birth" }]));
    expect(identity.source).toMatch(/GPhC/);

    const issued = await issueCase(request.id, { cookies: staff.cookies });
    expect(issued.status).toBe(201);
    const [audit] = await auditsOf("prescription.issued", request.id);
    expect(audit?.detail).toMatchObject({ supply_checks: expect.stringContaining("identity=met") });
  });

  it("a document with another surname is a mismatch naming the name; the date of birth likewise", async () => {
    const { cookies, request } = await createPaidRequest(sandbox, { identity: false });
    const staff = await prescriber();
    await claimCase(request.id, { cookies: staff.cookies });
    await verifyWith(cookies, { firstName: "Alex", lastName: "Morgan-Different", dob: "1990-05-17" });
    const refused = await issueCase(request.id, { cookies: staff.cookies });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^The name on the patient's identity document \(Alex Morgan-Different\) does not match the name given/);

    const other = await createPaidRequest(sandbox, { identity: false });
    await claimCase(other.request.id, { cookies: staff.cookies });
    await verifyWith(other.cookies, { firstName: "Alex", lastName: "Morgan", dob: "1991-05-17" });
    const wrongDate = await issueCase(other.request.id, { cookies: staff.cookies });
    expect(wrongDate.status).toBe(409);
    expect(wrongDate.body.message).toMatch(/^The date of birth on the patient's identity document \(1991-05-17\) does not match/);
    expect(await findIdentityTask(patientActor(other.patient))).toMatchObject({ reason: "mismatch", mismatched: ["date of birth"] });
  });

  it("is re-checked when the patient's name or date of birth changes: the old document no longer matches until they verify again", async () => {
    const first = await createPaidRequest(sandbox, { identity: false });
    await verifyWith(first.cookies, { firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" });
    const staff = await prescriber();
    await claimCase(first.request.id, { cookies: staff.cookies });
    expect((await issueCase(first.request.id, { cookies: staff.cookies })).status).toBe(201);

    // Married since: a new request in a new name.
    const renamed = { ...SHORT_PATH, 1: { choice: null, text: "Alex Taylor" } };
    const second = await createPaidRequest(sandbox, { identity: false, patient: first.patient, path: renamed });
    await claimCase(second.request.id, { cookies: staff.cookies });
    const refused = await issueCase(second.request.id, { cookies: staff.cookies });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/name/);
    expect(await findIdentityTask(patientActor(first.patient))).toMatchObject({ reason: "mismatch", references: [second.request.reference] });

    await verifyWith(first.cookies, { firstName: "Alex", lastName: "Taylor", dob: "1990-05-17" });
    expect((await issueCase(second.request.id, { cookies: staff.cookies })).status).toBe(201);
  });

  it("a patient's verified document never counts for another patient", async () => {
    const mine = await createPaidRequest(sandbox, { identity: false });
    await verifyWith(mine.cookies, { firstName: "Alex", lastName: "Morgan", dob: "1990-05-17" });
    const theirs = await createPaidRequest(sandbox, { identity: false });
    const staff = await prescriber();
    await claimCase(theirs.request.id, { cookies: staff.cookies });
    expect((await issueCase(theirs.request.id, { cookies: staff.cookies })).body.message).toBe(NOT_VERIFIED);
  });
});

describe("the identity rule on a prescription-only order", () => {
  it("the pharmacist cannot dispense until the patient verifies; an assessment's name is the account's", async () => {
    const patient = await createUser({ name: "Sam Taylor" });
    const { cookies } = await signIn(patient);
    const order = await paidPomOrder(accountShopper(cookies, patient.email));
    const { cookies: pharmacist, staff: user } = await signedInStaff("PHARMACIST", false, { name: "Lee Chemist" });
    const act = (handler: typeof claimOrder, action: string) => call(handler, `/api/staff/orders/${order.id}/${action}`, { json: {}, cookies: pharmacist, params: { id: order.id } });
    expect((await act(claimOrder, "claim")).status).toBe(200);
    expect(await findIdentityTask(patientActor(patient))).toMatchObject({ reason: "not_verified", references: [order.reference] });
    const refused = await act(dispenseOrder, "dispense");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NOT_VERIFIED);

    // The pde5 assessment's date of birth (fixtures) and the account's name.
    await verifyWith(cookies, { firstName: "Sam", lastName: "Taylor", dob: "1980-02-10" });
    await prescribeOrderForTest(order.id);
    const view = await getOrderCase(staffActor(user, "PHARMACIST"), order.id);
    expect(view.supplyChecks.find((check) => check.key === "identity")).toMatchObject({ state: "met" });
    expect((await act(dispenseOrder, "dispense")).status).toBe(200);
    const [audit] = await auditsOf("order.dispensed", order.id);
    expect(audit?.detail).toMatchObject({ supply_checks: "identity=met,weight=not_required,dose=not_required,gp_consent=not_required,prescriber_authorisation=met" });
  });

  it("a guest's order is held with the reason: identity is verified on an account", async () => {
    const order = await paidPomOrder(guestShopper());
    const { cookies: pharmacist } = await signedInStaff("PHARMACIST", false);
    await call(claimOrder, `/api/staff/orders/${order.id}/claim`, { json: {}, cookies: pharmacist, params: { id: order.id } });
    const refused = await call(dispenseOrder, `/api/staff/orders/${order.id}/dispense`, { json: {}, cookies: pharmacist, params: { id: order.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(GUEST);
  });
});
