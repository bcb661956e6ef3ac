import { GET as exportData } from "@/app/api/account/export/route";
import { POST as link } from "@/app/api/link-guest-subscriptions/route";
import { PUT as saveAssessmentGp } from "@/app/api/questionnaires/[id]/gp/route";
import { getAssessmentResults } from "@/lib/server/assessments/get-assessment-results";
import { createGpLetterOnDispense } from "@/lib/server/gp/create-gp-letter-on-dispense";
import { getGpConsentForSupply } from "@/lib/server/gp/get-gp-consent-for-supply";
import { guestActor, patientActor, staffActor } from "@/tests/factories/actor";
import { passAssessment } from "@/tests/factories/assessment";
import { giveGpConsent } from "@/tests/factories/gp";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { accountShopper, addToCart, checkout, guestShopper, orderByReference, type Shopper } from "../orders/support/shop";

// The GP step beside an assessment (issue 23): the results page asks for the patient's GP
// before a "GP consent required" medicine's plans, and offers it for other prescription-only ones.

const sandbox = sandboxForThisFile();
afterAll(() => db.$disconnect());

const GP = { practice_name: "Beech Tree Surgery", address_line1: "3 Beech Road", address_line2: "", town: "Derby", postcode: "de1 1aa", email: "", consent: "yes" };

const saveGp = (id: string, json: unknown, shopper: Pick<Shopper, "cookies" | "headers">) =>
  call(saveAssessmentGp, `/api/questionnaires/${id}/gp`, { method: "PUT", json, params: { id }, cookies: shopper.cookies, headers: shopper.headers });

async function signedInShopper() {
  const user = await createUser();
  const session = await signIn(user);
  return { user, shopper: accountShopper(session.cookies, user.email) };
}

describe("PUT /api/questionnaires/{id}/gp", () => {
  it("a signed-in patient's answer is their account's GP row, saved and audited as /dashboard/gp saves it; the Mounjaro result requires it", async () => {
    const { user, shopper } = await signedInShopper();
    const id = await passAssessment("mounjaro", shopper);
    const before = await getAssessmentResults(patientActor(user), "mounjaro");
    expect(before).toMatchObject({ kind: "eligible", gp: { step: "required", details: null } });

    const bad = await saveGp(id, { ...GP, practice_name: " ", postcode: "nope", email: "not-an-email", consent: undefined }, shopper);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      practice_name: ["Enter your GP practice's name."],
      postcode: [expect.stringMatching(/postcode/i)],
      email: ["Enter the practice's email address like name@nhs.net, or leave it empty if you do not know it."],
      consent: ["Choose whether we may tell your GP about the medicines we supply."],
    });
    expect(await db.gpDetails.findUnique({ where: { userId: user.id } })).toBeNull();

    // "No" is an answer: the plans are offered, and the prescriber records why supplying is still appropriate.
    const saved = await saveGp(id, { ...GP, consent: "no" }, shopper);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Saved. We will not contact your GP.");
    expect(await db.gpDetails.findUnique({ where: { userId: user.id } })).toMatchObject({ practiceName: "Beech Tree Surgery", postcode: "DE1 1AA", email: null, consentToShare: false });
    expect(await db.questionnaireGpDetails.count({ where: { responseId: id } })).toBe(0);
    const audit = await db.auditEvent.findMany({ where: { action: "gp_details.updated", subjectId: user.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: user.id, subjectType: "user", detail: { consent: false, has_email: false } });
    expect(JSON.stringify(audit[0]!.detail)).not.toContain("Beech");
    expect(await getAssessmentResults(patientActor(user), "mounjaro")).toMatchObject({ gp: { step: "required", details: { practiceName: "Beech Tree Surgery", consentToShare: false } } });

    // Someone else's questionnaire is not found, and nothing is written.
    const other = await signedInShopper();
    const foreign = await saveGp(id, GP, other.shopper);
    expect(foreign.status).toBe(404);
    expect(await db.gpDetails.findUnique({ where: { userId: other.user.id } })).toBeNull();
  });

  it("is optional for another prescription-only medicine (Viagra) and not asked for a pharmacy medicine (minoxidil)", async () => {
    const { user, shopper } = await signedInShopper();
    await passAssessment("viagra", shopper);
    expect(await getAssessmentResults(patientActor(user), "viagra")).toMatchObject({ kind: "eligible", gp: { step: "optional", details: null } });
    await passAssessment("minoxidil", shopper);
    expect(await getAssessmentResults(patientActor(user), "minoxidil")).toMatchObject({ kind: "eligible", gp: null });
    await giveGpConsent(user.id, { practiceName: "Oak Surgery" });
    expect(await getAssessmentResults(patientActor(user), "viagra")).toMatchObject({ gp: { step: "optional", details: { practiceName: "Oak Surgery", consentToShare: true } } });
  });

  it("a guest's answer stays with their questionnaire, is read by the supply check and the GP letter, and becomes the account's GP row when linked", async () => {
    const guest = guestShopper();
    const id = await passAssessment("mounjaro", guest);
    const saved = await saveGp(id, { ...GP, email: "Beech.Tree@nhs.example" }, guest);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Saved. We will tell Beech Tree Surgery about the medicines we supply to you.");
    expect(await db.questionnaireGpDetails.findUnique({ where: { responseId: id } })).toMatchObject({ practiceName: "Beech Tree Surgery", email: "beech.tree@nhs.example", consentToShare: true });
    expect(await db.auditEvent.findFirst({ where: { action: "gp_details.updated", subjectType: "questionnaire_response", subjectId: id } })).toMatchObject({ actorId: null, detail: { consent: true, has_email: true } });
    expect(await getAssessmentResults(guestActor(guest.cookies.guest_id!), "mounjaro")).toMatchObject({ gp: { step: "required", details: { practiceName: "Beech Tree Surgery" } } });

    // The guest buys a month; the pharmacist's supply check and the letter read the practice given with the assessment.
    expect((await addToCart(guest, { plan_id: "mounjaro-1-month", assessment_id: id })).status).toBe(201);
    const res = await checkout(guest);
    expect(res.status).toBe(200);
    await sandbox.pay(res.body.sessionId);
    const order = await orderByReference(res.body.reference);
    const consent = await db.$transaction((tx) => getGpConsentForSupply(tx, null, { type: "order", id: order.id }));
    expect(consent).toMatchObject({ practice: { name: "Beech Tree Surgery", hasEmail: true }, consent: true });
    const pharmacist = await signedInStaff("PHARMACIST", true, { name: "Lee Chemist" });
    // Dispensed as a prescriber authorised it: the letter names the prescriber.
    const prescriber = { name: "Dr Priya Shah", registration: "GMC 7654321" };
    const letter = await db.$transaction((tx) => createGpLetterOnDispense(tx, staffActor(pharmacist.staff, "PHARMACIST"), order.id, prescriber));
    expect(letter?.status).toBe("QUEUED_EMAIL");
    expect(await db.gpLetter.findUnique({ where: { id: letter!.id } })).toMatchObject({
      userId: null,
      practiceName: "Beech Tree Surgery",
      practiceEmail: "beech.tree@nhs.example",
      prescriberName: "Dr Priya Shah",
      prescriberRegistration: "GMC 7654321",
    });

    // Registering links the guest's records: the GP answer becomes the account's row, audited.
    const user = await createUser();
    const { token } = await signIn(user);
    expect((await call(link, "/api/link-guest-subscriptions", { json: { guest_id: guest.cookies.guest_id }, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await db.gpDetails.findUnique({ where: { userId: user.id } })).toMatchObject({ practiceName: "Beech Tree Surgery", consentToShare: true, email: "beech.tree@nhs.example" });
    expect(await db.auditEvent.findFirst({ where: { action: "gp_details.copied_from_assessment", subjectId: user.id } })).toMatchObject({ detail: { consent: true, response_id: id } });
    // The patient's data export holds both: the account's row and the answer kept with the questionnaire.
    const exported = await call(exportData, "/api/account/export", { headers: { authorization: `Bearer ${token}` } });
    expect(exported.status).toBe(200);
    expect(exported.body.gp_details).toMatchObject({ practiceName: "Beech Tree Surgery" });
    expect(exported.body.gp_details_given_with_questionnaires).toEqual([expect.objectContaining({ questionnaire_id: id, practiceName: "Beech Tree Surgery", consentToShare: true })]);
  });

  it("linking keeps an account's own GP row rather than the guest's answer", async () => {
    const guest = guestShopper();
    const id = await passAssessment("viagra", guest);
    expect((await saveGp(id, { ...GP, consent: "no" }, guest)).status).toBe(200);
    const user = await createUser();
    await giveGpConsent(user.id, { practiceName: "Own Surgery" });
    const { token } = await signIn(user);
    expect((await call(link, "/api/link-guest-subscriptions", { json: { guest_id: guest.cookies.guest_id }, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await db.gpDetails.findUnique({ where: { userId: user.id } })).toMatchObject({ practiceName: "Own Surgery", consentToShare: true });
    expect(await db.auditEvent.count({ where: { action: "gp_details.copied_from_assessment", subjectId: user.id } })).toBe(0);
  });
});
