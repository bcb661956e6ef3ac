import { GET as openAttempt } from "@/app/api/assessments/[treatmentType]/route";
import { getAssessmentResults } from "@/lib/server/assessments/get-assessment-results";
import { getLatestAssessment } from "@/lib/server/assessments/latest-assessment";
import { linkGuestToAccount } from "@/lib/server/guest/link-guest";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { patientActor } from "@/tests/factories/actor";
import { ASSESSMENT_PATHS, passAssessment, saveAssessmentAnswer, takeAssessment } from "@/tests/factories/assessment";
import { makeGuestId } from "@/tests/factories/guest";
import { answerQuestionnaire } from "@/tests/factories/questionnaire";
import { createUser } from "@/tests/factories/user";

afterAll(() => db.$disconnect());

const guest = () => {
  const id = makeGuestId();
  return { id, caller: { cookies: { guest_id: id }, headers: { "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` } } };
};

describe("treatment assessments on the server", () => {
  it("passes a complete assessment: locked, ELIGIBLE, valid for the definition's days", async () => {
    const { caller } = guest();
    const id = await passAssessment("viagra", caller);
    const row = await db.questionnaireResponse.findUniqueOrThrow({ where: { id } });
    expect(row.outcome).toBe("ELIGIBLE");
    expect(row.submittedAt).not.toBeNull();
    const days = (row.validUntil!.getTime() - row.submittedAt!.getTime()) / 86_400_000;
    expect(days).toBe(90);
    // Locked: a change is refused.
    const change = await saveAssessmentAnswer("viagra", id, 4, { choice: "Yes" }, caller);
    expect(change.status).toBe(409);
  });

  it("locks an attempt that reaches an end as NOT_ELIGIBLE with its reason, and answers the end to the client", async () => {
    const { caller } = guest();
    const { id, last } = await takeAssessment("viagra", { 1: { choice: "Male" }, 2: { text: "1980-02-10" }, 3: { choice: "Yes" }, 4: { choice: "Yes" } }, caller);
    expect(last).toEqual({ kind: "end", message: expect.stringContaining("must never be taken with nitrates") });
    const row = await db.questionnaireResponse.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ outcome: "NOT_ELIGIBLE", outcomeReason: expect.stringContaining("nitrates") });
    expect(row.submittedAt).not.toBeNull();
    expect((await saveAssessmentAnswer("viagra", id, 4, { choice: "No" }, caller)).status).toBe(409);
  });

  it("computes the BMI on the server: a mounjaro attempt under BMI 27 ends", async () => {
    const { caller } = guest();
    const { id, last } = await takeAssessment("mounjaro", { 1: { text: "1980-02-10" }, 2: { choice: "Male" }, 4: { text: "180;80" } }, caller);
    expect(last).toEqual({ kind: "end", message: expect.stringContaining("BMI of 30 or more") });
    expect((await db.questionnaireResponse.findUniqueOrThrow({ where: { id } })).outcome).toBe("NOT_ELIGIBLE");
  });

  it("keeps the prescription questionnaire as it was: an end is not a lock, and no outcome", async () => {
    const { caller } = guest();
    const id = await answerQuestionnaire(caller, { 1: { text: "Sam" } });
    const { saveAnswer } = await import("@/tests/factories/questionnaire");
    const ended = await saveAnswer(id, 2, { text: "2015-01-01" }, caller);
    expect(ended.body.outcome.kind).toBe("end");
    const row = await db.questionnaireResponse.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ submittedAt: null, outcome: null });
  });

  it("GET /api/assessments/{t} resumes the caller's own open attempt only, and never caches it", async () => {
    const a = guest();
    const b = guest();
    const { id } = await takeAssessment("minoxidil", { 1: { choice: "Male" } }, a.caller);
    const mine = await call(openAttempt, "/api/assessments/minoxidil", { params: { treatmentType: "minoxidil" }, cookies: a.caller.cookies });
    expect(mine.status).toBe(200);
    expect(mine.body.attempt).toEqual({ id, answers: { 1: { choice: "Male", text: "" } } });
    expect(mine.headers.get("cache-control")).toContain("no-store");
    const theirs = await call(openAttempt, "/api/assessments/minoxidil", { params: { treatmentType: "minoxidil" }, cookies: b.caller.cookies });
    expect(theirs.body.attempt).toBeNull();
    const anonymous = await call(openAttempt, "/api/assessments/minoxidil", { params: { treatmentType: "minoxidil" } });
    expect(anonymous.body).toEqual({ attempt: null });
    expect(anonymous.setCookie ?? "").not.toMatch(/guest_id/);
    for (const unknown of ["prescription", "aspirin", "../etc"]) {
      expect((await call(openAttempt, `/api/assessments/${unknown}`, { params: { treatmentType: unknown } })).status).toBe(404);
    }
  });

  it("someone else's attempt is not found, for answers and submission", async () => {
    const a = guest();
    const b = guest();
    const { id } = await takeAssessment("cialis", { 1: { choice: "Male" } }, a.caller);
    expect((await saveAssessmentAnswer("cialis", id, 2, { text: "1980-02-10" }, b.caller)).status).toBe(404);
  });

  it("moves a guest's assessment to the account at sign-in, and the results follow it", async () => {
    const { id: guestId, caller } = guest();
    const id = await passAssessment("minoxidil", caller, ASSESSMENT_PATHS["minoxidil-women"]);
    const user = await createUser();
    await linkGuestToAccount(patientActor(user), guestId);
    expect((await db.questionnaireResponse.findUniqueOrThrow({ where: { id } })).userId).toBe(user.id);
    expect(await getLatestAssessment(patientActor(user), "minoxidil")).toMatchObject({ kind: "eligible", id, productSlug: "minoxidil-2-women" });
  });

  it("results: the newest attempt decides; an expired pass asks again", async () => {
    const user = await createUser();
    const actor = patientActor(user);
    expect(await getLatestAssessment(actor, "viagra")).toEqual({ kind: "none" });
    const { caller } = guest();
    const failed = await takeAssessment("viagra", { 1: { choice: "Female" } }, caller);
    await db.questionnaireResponse.update({ where: { id: failed.id }, data: { userId: user.id, guestKeyHash: null, submittedAt: new Date(Date.now() - 60_000) } });
    expect(await getLatestAssessment(actor, "viagra")).toMatchObject({ kind: "not-eligible", reason: expect.stringContaining("licensed for men") });
    const passed = await passAssessment("viagra", caller);
    await db.questionnaireResponse.update({ where: { id: passed }, data: { userId: user.id, guestKeyHash: null } });
    expect(await getLatestAssessment(actor, "viagra")).toMatchObject({ kind: "eligible", id: passed, productSlug: "viagra" });
    await db.questionnaireResponse.update({ where: { id: passed }, data: { validUntil: new Date(Date.now() - 1000) } });
    expect(await getLatestAssessment(actor, "viagra")).toEqual({ kind: "expired", id: passed });
  });

  it("results page data: a pass brings the medicine it allows and the treatment's plans; anything else brings neither", async () => {
    const user = await createUser();
    const actor = patientActor(user);
    expect(await getAssessmentResults(actor, "viagra")).toEqual({ kind: "none" });
    const { caller } = guest();
    const passed = await passAssessment("viagra", caller);
    await db.questionnaireResponse.update({ where: { id: passed }, data: { userId: user.id, guestKeyHash: null } });
    const results = await getAssessmentResults(actor, "viagra");
    expect(results).toMatchObject({ kind: "eligible", id: passed, product: { name: "Viagra (sildenafil)", isPrescriptionOnly: true } });
    const plans = results.kind === "eligible" ? results.plans : [];
    expect(plans.map((plan) => plan.slug)).toEqual(expect.arrayContaining(["viagra-1-month"]));
    expect(plans.every((plan) => !plan.slug.startsWith("minoxidil"))).toBe(true);
    await db.questionnaireResponse.update({ where: { id: passed }, data: { validUntil: new Date(Date.now() - 1000) } });
    expect(await getAssessmentResults(actor, "viagra")).toEqual({ kind: "expired", id: passed });
  });
});
