import { randomUUID } from "node:crypto";
import { GET as plans } from "@/app/api/plans/route";
import { POST as pay } from "@/app/api/prescription/pay/route";
import { POST as save } from "@/app/api/prescription/save/route";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { startTestSandbox } from "@/tests/support/stripe-sandbox";
import { makeGuestId, uniqueEmail } from "@/tests/factories/guest";
import { answerQuestionnaire, pathWithout, SHORT_PATH, storedQuestionnaireJson } from "@/tests/factories/questionnaire";
import { createUser, signIn } from "@/tests/factories/user";

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await db.$disconnect();
});

type Caller = { cookies?: Record<string, string>; headers?: Record<string, string> };

async function patient() {
  const user = await createUser();
  return { user, ...(await signIn(user)) };
}

function payFor(questionnaireId: string, caller: Caller, extra: Record<string, unknown> = {}) {
  return call(pay, "/api/prescription/pay", {
    json: { price: 19.99, questionnaire_id: questionnaireId, payment_status: "pending", ...extra },
    ...caller,
  });
}

function saveFor(sessionId: string, caller: Caller) {
  return call(save, "/api/prescription/save", { json: { questions: [], answers: [], textAnswers: [], fileUpload: null, paymentSessionId: sessionId, userId: "x" }, ...caller });
}

describe("POST /api/prescription/pay", () => {
  it("opens a £19.99 checkout from the catalogue whatever price, status or user the client sends, and locks the answers", async () => {
    const { cookies } = await patient();
    const other = await createUser();
    const id = await answerQuestionnaire({ cookies });
    const res = await payFor(id, { cookies }, { price: 0.01, payment_status: "paid", user_id: other.id });
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^cs_test_/);
    const session = sandbox.session(res.body.id)!;
    expect(session.amount_total).toBe(1999);
    expect(session.currency).toBe("gbp");
    const request = await db.prescriptionRequest.findFirstOrThrow({ where: { responseId: id }, include: { payment: true } });
    expect(request).toMatchObject({ status: "PENDING_PAYMENT", pricePence: 1999, userId: expect.any(String) });
    expect(request.userId).not.toBe(other.id);
    expect(request.payment).toMatchObject({ purpose: "PRESCRIPTION", amountPence: 1999, checkoutSessionId: res.body.id });
    expect((await db.questionnaireResponse.findUniqueOrThrow({ where: { id } })).submittedAt).not.toBeNull();
    // A second click gets the same session, not a second charge.
    expect((await payFor(id, { cookies })).body.id).toBe(res.body.id);
  });

  it("refuses a missing, unknown or someone else's questionnaire with the spec's message", async () => {
    const owner = await patient();
    const stranger = await patient();
    const id = await answerQuestionnaire({ cookies: owner.cookies });
    for (const [questionnaireId, caller] of [[id, stranger], [randomUUID(), owner]] as const) {
      const res = await payFor(questionnaireId, { cookies: caller.cookies });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("No questionnaire data available. Please complete the questionnaire first.");
    }
    const missing = await call(pay, "/api/prescription/pay", { json: { price: 19.99 }, cookies: owner.cookies });
    expect(missing.status).toBe(422);
    expect(await db.prescriptionRequest.count({ where: { responseId: id } })).toBe(0);
  });

  it("refuses an incomplete questionnaire (whole-path check) and opens no session", async () => {
    const { cookies } = await patient();
    const id = await answerQuestionnaire({ cookies }, pathWithout(19));
    const res = await payFor(id, { cookies });
    expect(res.status).toBe(422);
    expect(res.body.errors.step).toEqual(["19"]);
    expect(await db.prescriptionRequest.count({ where: { responseId: id } })).toBe(0);
  });

  it("lets a guest pay with an email and the spec client's own answers, and refuses a guest without an email", async () => {
    const guestId = makeGuestId();
    const questionnaireId = randomUUID();
    const withoutEmail = await payFor(questionnaireId, {}, { questionnaire: storedQuestionnaireJson(), guest_id: guestId, user_id: guestId });
    expect(withoutEmail.status).toBe(422);
    expect(withoutEmail.body.message).toBe("Please provide an email to proceed with the prescription.");
    expect(await db.questionnaireResponse.count({ where: { id: questionnaireId } })).toBe(0);

    const email = uniqueEmail("guest");
    const res = await payFor(questionnaireId, {}, { questionnaire: storedQuestionnaireJson(), guest_id: guestId, user_id: guestId, email });
    expect(res.status).toBe(200);
    expect(res.cookies.guest_id).toBe(guestId);
    const request = await db.prescriptionRequest.findFirstOrThrow({ where: { responseId: questionnaireId } });
    expect(request).toMatchObject({ email, userId: null, guestKeyHash: expect.any(String) });
    expect(sandbox.session(res.body.id)!.customer_email).toBe(email);
  });

  it("ignores a spec client's answers to skipped steps instead of refusing the payload, and stores only the path", async () => {
    const { cookies } = await patient();
    const id = randomUUID();
    const skippedFilled = { ...SHORT_PATH, 5: { text: "skipped but filled" }, 13: { choice: "Yes" } };
    const res = await payFor(id, { cookies }, { questionnaire: storedQuestionnaireJson(skippedFilled) });
    expect(res.status).toBe(200);
    const stored = (await db.questionnaireResponse.findUniqueOrThrow({ where: { id } })).answers as Record<string, unknown>;
    expect(stored["5"]).toBeUndefined();
    expect(stored["13"]).toBeUndefined();
    expect(stored["14"]).toEqual({ choice: null, text: "Regular shampoo" });
  });

  it("accepts a spec client's questionnaire with the optional text step 14 left empty", async () => {
    const { cookies } = await patient();
    const id = randomUUID();
    const res = await payFor(id, { cookies }, { questionnaire: storedQuestionnaireJson(pathWithout(14)) });
    expect(res.status).toBe(200);
    expect((await db.questionnaireResponse.findUniqueOrThrow({ where: { id } })).submittedAt).not.toBeNull();
  });

  it("still checks a spec client's own answers as a whole path", async () => {
    const { cookies } = await patient();
    const noName = await payFor(randomUUID(), { cookies }, { questionnaire: storedQuestionnaireJson(pathWithout(1)) });
    expect(noName.status).toBe(422);
    expect(noName.body.errors.step).toEqual(["1"]);
    expect(noName.body.message).toBe("Please check question 1: Please enter your full name.");
    const garbage = await payFor(randomUUID(), { cookies }, { questionnaire: "{not json" });
    expect(garbage.status).toBe(422);
  });
});

describe("POST /api/prescription/save", () => {
  it("saves a paid session once for its owner; a repeat returns the same record; others and made-up ids get 404", async () => {
    const owner = await patient();
    const id = await answerQuestionnaire({ cookies: owner.cookies });
    const { body } = await payFor(id, { cookies: owner.cookies });

    const unpaid = await saveFor(body.id, { cookies: owner.cookies });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toMatch(/not been completed/);

    await sandbox.pay(body.id);
    const first = await saveFor(body.id, { cookies: owner.cookies });
    expect(first.status).toBe(200);
    expect(first.body.prescription).toMatchObject({ status: "SUBMITTED", questionnaireId: id, reference: expect.stringMatching(/^PR-/) });
    const again = await saveFor(body.id, { cookies: owner.cookies });
    expect(again.body.prescription).toEqual(first.body.prescription);
    expect(await db.prescriptionRequest.count({ where: { responseId: id } })).toBe(1);
    const request = await db.prescriptionRequest.findFirstOrThrow({ where: { responseId: id } });
    expect(request.dueAt!.getTime() - request.submittedAt!.getTime()).toBe(24 * 3600_000);

    const stranger = await patient();
    expect((await saveFor(body.id, { cookies: stranger.cookies })).status).toBe(404);
    expect((await saveFor("cs_test_madeup", { cookies: owner.cookies })).status).toBe(404);
    expect((await saveFor("../../etc", { cookies: owner.cookies })).status).toBe(404);

    // Paid: the questionnaire cannot be paid for twice.
    const twice = await payFor(id, { cookies: owner.cookies });
    expect(twice.status).toBe(409);
    // The patient is emailed, with no medical detail.
    const mails = await db.outboxEmail.findMany({ where: { toAddress: owner.user.email } });
    expect(mails.map((mail) => mail.subject)).toContain(`We have received your prescription request (${request.reference})`);
    expect(mails.map((mail) => mail.text).join(" ")).not.toMatch(/Thinning|Shedding|Regular shampoo/);
  });

  it("closes an unpaid request when its checkout expires, and a new checkout can follow", async () => {
    const { cookies } = await patient();
    const id = await answerQuestionnaire({ cookies });
    const first = await payFor(id, { cookies });
    await sandbox.expire(first.body.id);
    expect((await db.prescriptionRequest.findFirstOrThrow({ where: { responseId: id } })).status).toBe("CANCELLED");
    const second = await payFor(id, { cookies });
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
  });
});

describe("GET /api/plans", () => {
  it("lists a treatment type's plans with the spec's fields, price in pounds", async () => {
    const res = await call(plans, "/api/plans?treatment_type=minoxidil");
    expect(res.status).toBe(200);
    expect(res.body.plans).toEqual(
      expect.arrayContaining([{ id: expect.any(String), name: "Minoxidil 1 month", price: 29.99, duration: 1, description: expect.any(String) }]),
    );
    expect((await call(plans, "/api/plans?treatment_type=prescription")).body.plans.length).toBeGreaterThan(0);
    expect((await call(plans, "/api/plans?treatment_type=unknown")).body).toEqual({ plans: [] });
    expect((await call(plans, "/api/plans")).status).toBe(422);
  });
});

describe("a guest who then signs in", () => {
  it("finds the questionnaire and the paid request in the account", async () => {
    const { POST: linkGuest } = await import("@/app/api/link-guest-subscriptions/route");
    const guestId = makeGuestId();
    const questionnaireId = randomUUID();
    const paid = await payFor(questionnaireId, {}, { questionnaire: storedQuestionnaireJson(), guest_id: guestId, email: uniqueEmail("guest") });
    expect(paid.status).toBe(200);
    const { user, token } = await patient();
    const linked = await call(linkGuest, "/api/link-guest-subscriptions", { json: { guest_id: guestId }, headers: { authorization: `Bearer ${token}` } });
    expect(linked.status).toBe(200);
    expect(await db.questionnaireResponse.findUniqueOrThrow({ where: { id: questionnaireId } })).toMatchObject({ userId: user.id, guestKeyHash: null });
    expect(await db.prescriptionRequest.findFirstOrThrow({ where: { responseId: questionnaireId } })).toMatchObject({ userId: user.id, guestKeyHash: null });
  });
});
