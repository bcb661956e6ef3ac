import { DELETE as deleteAccount } from "@/app/api/account/route";
import { GET as exportData } from "@/app/api/account/export/route";
import { PUT as saveGp } from "@/app/api/gp/route";
import { GET as ownLetterPdf } from "@/app/api/medical-documents/gp-letters/[id]/route";
import { POST as claimOrder } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as dispense } from "@/app/api/staff/orders/[id]/dispense/route";
import { POST as override } from "@/app/api/staff/orders/[id]/gp-consent-override/route";
import { GET as staffLetterPdf } from "@/app/api/staff/gp-letters/[id]/pdf/route";
import { POST as markPosted } from "@/app/api/staff/gp-letters/[id]/posted/route";
import { getGpTask } from "@/lib/server/gp/get-gp-task";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { listGpLettersToPost, listOwnGpLetters } from "@/lib/server/gp/list-gp-letters";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { patientActor, staffActor } from "@/tests/factories/actor";
import { giveGpConsent } from "@/tests/factories/gp";
import { meetSupplyChecks } from "@/tests/factories/supply";
import { createPaidMounjaroOrder } from "../orders/support/mounjaro-order";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";
import { orderByReference } from "../orders/support/shop";
import { createPaidRequest } from "../prescription-review/support/paid-request";
import { pdfText } from "../rx/pdf-text";
import { claimCase, getImage, issueCase, VALID_PRESCRIPTION } from "../prescription-review/support/staff-calls";

const sandbox = sandboxForThisFile();

const VALID_GP = { practice_name: "Riverside Surgery", address_line1: "12 Mill Lane", address_line2: "", town: "Leeds", postcode: "ls1 4ap", email: "Riverside.Surgery@nhs.example", consent: "yes" };

async function issuedWith(consent: Parameters<typeof giveGpConsent>[1] | null) {
  const paid = await createPaidRequest(sandbox, { name: "Alex Morgan" });
  if (consent) await giveGpConsent(paid.patient.id, consent);
  const prescriber = await signedInStaff("PRESCRIBER", true, { name: "Dr Sam Patel" });
  expect((await claimCase(paid.request.id, { cookies: prescriber.cookies })).status).toBe(200);
  const issued = await issueCase(paid.request.id, { cookies: prescriber.cookies });
  return { ...paid, prescriber, issued };
}

const letterOf = (subjectId: string) => db.gpLetter.findFirst({ where: { subjectId } });

/** A signed-in patient's paid Mounjaro order (assessment passed, 1-month plan), waiting for the pharmacist. */
/** A paid Mounjaro order whose other supply checks are met: this file is about the GP rule. */
async function paidMounjaroOrder(name?: string) {
  const { user: patient, session, order } = await createPaidMounjaroOrder(sandbox, { name });
  await meetSupplyChecks({ userId: patient.id, orderId: order.id }, { except: ["gp"] });
  return { patient, cookies: session.cookies, order };
}

const orderAct = (handler: Parameters<typeof call>[0], action: string, id: string, cookies: Record<string, string>, json: unknown = {}) =>
  call(handler, `/api/staff/orders/${id}/${action}`, { json, cookies, params: { id } });

describe("the patient's GP details (PUT /api/gp)", () => {
  it("validates each field with a message the patient can act on, and saves with an audit of the consent", async () => {
    const patient = await createUser();
    const { cookies } = await signIn(patient);
    expect((await call(saveGp, "/api/gp", { method: "PUT", json: VALID_GP })).status).toBe(401);

    const bad = await call(saveGp, "/api/gp", { method: "PUT", json: { ...VALID_GP, practice_name: " ", postcode: "nope", email: "not-an-email", consent: undefined }, cookies });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.practice_name[0]).toBe("Enter your GP practice's name.");
    expect(bad.body.errors.postcode[0]).toBe("Please enter a valid UK postcode, for example SW1A 1AA.");
    expect(bad.body.errors.email[0]).toMatch(/leave it empty if you do not know it/);
    expect(bad.body.errors.consent[0]).toMatch(/Choose whether we may tell your GP/);
    expect(await db.gpDetails.findUnique({ where: { userId: patient.id } })).toBeNull();

    const saved = await call(saveGp, "/api/gp", { method: "PUT", json: VALID_GP, cookies });
    expect(saved.status).toBe(200);
    expect(saved.body.gp).toMatchObject({ practiceName: "Riverside Surgery", postcode: "LS1 4AP", email: "riverside.surgery@nhs.example", consentToShare: true });
    // No email is fine: the letter is posted. Consent withdrawn is saved too.
    const noEmail = await call(saveGp, "/api/gp", { method: "PUT", json: { ...VALID_GP, email: "", consent: "no" }, cookies });
    expect(noEmail.status).toBe(200);
    expect(await db.gpDetails.findUniqueOrThrow({ where: { userId: patient.id }, select: { email: true, consentToShare: true } })).toEqual({ email: null, consentToShare: false });
    const audits = await db.auditEvent.findMany({ where: { subjectId: patient.id, action: "gp_details.updated" }, orderBy: { id: "asc" } });
    expect(audits.map((event) => event.detail)).toEqual([{ consent: true, has_email: true }, { consent: false, has_email: false }]);
    expect(JSON.stringify(audits.map((event) => event.detail))).not.toContain("Riverside");
  });
});

describe("the GP letter on issue", () => {
  it("with consent and a practice email: the letter is written in the issue, queued to the practice with its PDF, and audited", async () => {
    const { request, issued, patient, prescriber } = await issuedWith({ email: "letters@riverside.example" });
    expect(issued.status).toBe(201);
    const letter = await letterOf(request.id);
    expect(letter).toMatchObject({
      userId: patient.id,
      status: "QUEUED_EMAIL",
      practiceEmail: "letters@riverside.example",
      patientName: "Alex Morgan",
      medicine: VALID_PRESCRIPTION.medicine,
      prescriberName: "Dr Sam Patel",
      prescriberRegistration: prescriber.staff.registration,
      subjectReference: request.reference,
    });
    expect(letter!.dose).toContain(VALID_PRESCRIPTION.dose);
    expect(letter!.indication).toMatch(/Hair loss/);
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: "letters@riverside.example" } });
    expect(mail).toMatchObject({ attachmentKind: "gp_letter_pdf", attachmentRef: letter!.id });
    // Neither the subject nor the body names the medicine: the attached letter does.
    expect(`${mail.subject}\n${mail.text}`).not.toContain("Finasteride");
    const actions = (await db.auditEvent.findMany({ where: { subjectId: letter!.id }, orderBy: { id: "asc" } })).map((event) => event.action);
    expect(actions).toEqual(["gp_letter.created", "gp_letter.sent"]);
  });

  it("with consent and no practice email: the letter is to post, listed for staff, and nothing is emailed", async () => {
    const { request, issued } = await issuedWith({ email: null });
    expect(issued.status).toBe(201);
    const letter = await letterOf(request.id);
    expect(letter?.status).toBe("TO_POST");
    expect(await db.outboxEmail.count({ where: { attachmentRef: letter!.id } })).toBe(0);
    expect((await listGpLettersToPost()).toPost.map((item) => item.id)).toContain(letter!.id);
  });

  it("without consent (or without GP details) no letter is written, and the prescription is still issued", async () => {
    const refused = await issuedWith({ consent: false });
    // A prescription request alone is no dashboard task (its own page asks for the GP).
    expect(await getGpTask(patientActor(refused.patient))).toBeNull();
    expect(refused.issued.status).toBe(201);
    expect(await letterOf(refused.request.id)).toBeNull();
    const none = await issuedWith(null);
    expect(none.issued.status).toBe(201);
    expect(await letterOf(none.request.id)).toBeNull();
  });
});

describe("the letter in the patient's medical documents and on the staff 'to post' list", () => {
  it("downloads only for its owner (another patient gets 404), and staff mark it posted once, audited", async () => {
    const { request, patient, cookies, prescriber } = await issuedWith({ email: null, practiceName: "Riverside Surgery" });
    const letter = (await letterOf(request.id))!;
    expect((await listOwnGpLetters(patientActor(patient))).map((item) => item.id)).toEqual([letter.id]);

    const path = `/api/medical-documents/gp-letters/${letter.id}`;
    const own = await getImage(ownLetterPdf as never, path, { id: letter.id }, cookies);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // What the GP reads: the practice, the patient, what was prescribed, why, and by whom.
    const text = pdfText(own.bytes);
    for (const printed of ["Riverside Surgery", "Alex Morgan", VALID_PRESCRIPTION.medicine, VALID_PRESCRIPTION.dose, "Hair loss", "Dr Sam Patel", prescriber.staff.registration!, request.reference]) {
      expect(text).toContain(printed);
    }
    const stranger = await signIn(await createUser());
    expect((await getImage(ownLetterPdf as never, path, { id: letter.id }, stranger.cookies)).status).toBe(404);
    expect((await getImage(ownLetterPdf as never, path, { id: letter.id })).status).toBe(401);
    expect((await listOwnGpLetters(patientActor(await createUser()))).length).toBe(0);

    // Patients cannot use the staff routes.
    const postedPath = `/api/staff/gp-letters/${letter.id}/posted`;
    expect([403, 404]).toContain((await call(markPosted, postedPath, { method: "POST", json: {}, cookies, params: { id: letter.id } })).status);
    const pharmacist = await signedInStaff("PHARMACIST");
    const staffPdf = await getImage(staffLetterPdf as never, `/api/staff/gp-letters/${letter.id}/pdf`, { id: letter.id }, pharmacist.cookies);
    expect(staffPdf.status).toBe(200);
    expect(await db.auditEvent.count({ where: { subjectId: letter.id, action: "gp_letter.viewed", actorId: pharmacist.staff.id } })).toBe(1);

    const posted = await call(markPosted, postedPath, { method: "POST", json: {}, cookies: pharmacist.cookies, params: { id: letter.id } });
    expect(posted.status).toBe(200);
    expect((await letterOf(request.id))).toMatchObject({ status: "POSTED", postedById: pharmacist.staff.id });
    const again = await call(markPosted, postedPath, { method: "POST", json: {}, cookies: pharmacist.cookies, params: { id: letter.id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This letter is already marked posted.");
    expect(await db.auditEvent.count({ where: { subjectId: letter.id, action: "gp_letter.posted" } })).toBe(1);
    expect((await listGpLettersToPost()).toPost.map((item) => item.id)).not.toContain(letter.id);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call(markPosted, `/api/staff/gp-letters/${unknown}/posted`, { method: "POST", json: {}, cookies: pharmacist.cookies, params: { id: unknown } })).status).toBe(404);
  });

  it("an emailed letter cannot be marked posted (409)", async () => {
    const { request } = await issuedWith({});
    const letter = (await letterOf(request.id))!;
    const pharmacist = await signedInStaff("PHARMACIST");
    const res = await call(markPosted, `/api/staff/gp-letters/${letter.id}/posted`, { method: "POST", json: {}, cookies: pharmacist.cookies, params: { id: letter.id } });
    expect(res.status).toBe(409);
  });
});

describe("Mounjaro (GP consent required)", () => {
  it("is refused without consent until the deciding pharmacist records why supplying is appropriate; then dispensed with no letter", async () => {
    const { order } = await paidMounjaroOrder();
    const pharmacist = await signedInStaff("PHARMACIST", true, { name: "Lee Chemist" });
    const other = await signedInStaff("PHARMACIST");
    expect((await orderAct(claimOrder, "claim", order.id, pharmacist.cookies)).status).toBe(200);

    const view = await getOrderCase(staffActor(pharmacist.staff, "PHARMACIST"), order.id);
    expect(view.supplyChecks.find((check) => check.key === "gp_consent")).toMatchObject({ state: "unmet", title: "The patient's GP" });

    const refused = await orderAct(dispense, "dispense", order.id, pharmacist.cookies);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^The patient has not given their GP's details\. Decline, or record why supplying Mounjaro .* is still appropriate\.$/);
    expect((await orderByReference(order.reference)).status).toBe("AWAITING_PHARMACIST");

    const short = await orderAct(override, "gp-consent-override", order.id, pharmacist.cookies, { reason: "ok" });
    expect(short.status).toBe(422);
    expect(short.body.errors.reason[0]).toMatch(/at least 20 characters/);
    const reason = "Patient is registered abroad and has no UK GP; weight verified on video, follow-up booked with us.";
    expect((await orderAct(override, "gp-consent-override", order.id, other.cookies, { reason })).status).toBe(409);
    const recorded = await orderAct(override, "gp-consent-override", order.id, pharmacist.cookies, { reason });
    expect(recorded.status).toBe(200);
    expect(await db.auditEvent.count({ where: { subjectId: order.id, action: "gp_consent.override_recorded", actorId: pharmacist.staff.id } })).toBe(1);
    const met = (await getOrderCase(staffActor(pharmacist.staff, "PHARMACIST"), order.id)).supplyChecks.find((check) => check.key === "gp_consent");
    expect(met?.state).toBe("met");
    expect(met?.facts).toContainEqual({ label: "Reason recorded", value: reason });

    const dispensed = await orderAct(dispense, "dispense", order.id, pharmacist.cookies);
    expect(dispensed.status).toBe(200);
    expect(await letterOf(order.id)).toBeNull();
  });

  it("with consent the check is met, and dispensing writes the letter with the assessment's indication and the authorising prescriber's registration", async () => {
    const { order, patient } = await paidMounjaroOrder("Jamie Reid");
    // The dashboard asks for the GP while the Mounjaro order waits, and stops once they are given.
    expect(await getGpTask(patientActor(patient))).toEqual({ requiredFor: expect.stringMatching(/^Mounjaro/) });
    await giveGpConsent(patient.id, { email: null, practiceName: "Meadow Practice" });
    expect(await getGpTask(patientActor(patient))).toBeNull();
    const pharmacist = await signedInStaff("PHARMACIST", true, { name: "Lee Chemist" });
    expect((await orderAct(claimOrder, "claim", order.id, pharmacist.cookies)).status).toBe(200);
    const check = (await getOrderCase(staffActor(pharmacist.staff, "PHARMACIST"), order.id)).supplyChecks.find((found) => found.key === "gp_consent");
    expect(check).toMatchObject({ state: "met", summary: "A letter will be sent to Meadow Practice." });
    expect((await orderAct(dispense, "dispense", order.id, pharmacist.cookies)).status).toBe(200);
    const letter = await letterOf(order.id);
    // The prescriber who authorised the supply (tests/factories/supply.ts), not the pharmacist who dispensed it.
    const authorisation = await db.orderPrescription.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(letter).toMatchObject({ status: "TO_POST", practiceName: "Meadow Practice", prescriberName: authorisation.prescriberName, prescriberRegistration: authorisation.prescriberRegistration, patientName: "Jamie Reid" });
    expect(letter!.prescriberName).not.toBe("Lee Chemist");
    expect(letter!.medicine).toMatch(/Mounjaro/);
    expect(letter!.indication).toMatch(/Weight management/);
    expect(letter!.patientDateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("export and deletion of the account", () => {
  it("exports the GP details and letters; deletion removes the details and keeps the letter detached", async () => {
    const { request, patient, cookies } = await issuedWith({ email: null, practiceName: "Export Surgery" });
    const exported = await call(exportData, "/api/account/export", { cookies });
    expect(exported.status).toBe(200);
    expect(exported.body.gp_details).toMatchObject({ practiceName: "Export Surgery", consentToShare: true });
    expect(exported.body.gp_letters).toHaveLength(1);
    expect(exported.body.gp_letters[0]).toMatchObject({ subjectReference: request.reference, status: "TO_POST" });

    expect((await call(deleteAccount, "/api/account", { method: "DELETE", json: { password: patient.password }, cookies })).status).toBe(200);
    expect(await db.gpDetails.findUnique({ where: { userId: patient.id } })).toBeNull();
    expect(await letterOf(request.id)).toMatchObject({ userId: null, practiceName: "Export Surgery" });
  });
});
