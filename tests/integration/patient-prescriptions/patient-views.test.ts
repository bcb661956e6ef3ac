import { randomUUID } from "node:crypto";
import { GET as exportData } from "@/app/api/account/export/route";
import { GET as exportQuestionnaire } from "@/app/api/medical-documents/questionnaires/[id]/route";
import { getPrescriptionCase } from "@/lib/server/prescriptions/get-prescription-case";
import { getSubmittedAnswers } from "@/lib/server/prescriptions/get-submitted-answers";
import { listMedicalDocuments } from "@/lib/server/prescriptions/list-medical-documents";
import { listPatientTasks } from "@/lib/server/prescriptions/list-patient-tasks";
import { listUserPrescriptions } from "@/lib/server/prescriptions/list-user-prescriptions";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { patientActor } from "@/tests/factories/actor";
import { createUser, signIn } from "@/tests/factories/user";
import { createPaidRequest, STAFF_QUESTION } from "./paid-request";

afterAll(() => db.$disconnect());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe("Dashboard → Orders: the patient's prescription requests", () => {
  it("lists paid requests newest first with their timelines; unpaid checkouts and other patients' requests are not there", async () => {
    const user = await createUser();
    const other = await createUser();
    const older = await createPaidRequest(user, { status: "ISSUED", submittedAt: hoursAgo(48) });
    const awaiting = await createPaidRequest(user, { status: "AWAITING_PATIENT", submittedAt: hoursAgo(10) });
    const refunded = await createPaidRequest(user, { status: "CANCELLED", paid: true, submittedAt: hoursAgo(5) });
    await createPaidRequest(user, { status: "PENDING_PAYMENT" });
    await createPaidRequest(user, { status: "CANCELLED", paid: false });
    await createPaidRequest(other, { status: "SUBMITTED" });

    const { requests: list, olderBefore } = await listUserPrescriptions(patientActor(user));

    expect(list.map((request) => request.reference)).toEqual([refunded.reference, awaiting.reference, older.reference]);
    expect(list.map((request) => request.statusLabel)).toEqual(["Cancelled and refunded", "Question for you", "Prescription issued"]);
    expect(list[1]!.timeline.find((step) => step.state === "current")).toMatchObject({ key: "question", label: "Question for you" });
    expect(olderBefore).toBeNull();
    expect(await listUserPrescriptions(patientActor(await createUser()))).toEqual({ requests: [], olderBefore: null, isLaterPage: false });
  });

  it("pages the requests by keyset, newest first: every request once, ties on the submission time broken by id, a bad cursor shows the first page", async () => {
    const user = await createUser();
    const sameTime = hoursAgo(30);
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await createPaidRequest(user, { status: "SUBMITTED", submittedAt: i < 4 ? sameTime : hoursAgo(i) }));
    const actor = patientActor(user);

    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page = await listUserPrescriptions(actor, { before, size: 5 });
      expect(page.isLaterPage).toBe(before !== null);
      seen.push(...page.requests.map((request) => request.reference));
      before = page.olderBefore;
      pages += 1;
    } while (before && pages < 10);

    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual(made.map((request) => request.reference).sort());
    expect(new Set(seen).size).toBe(12);
    const first = await listUserPrescriptions(actor, { size: 5 });
    expect((await listUserPrescriptions(actor, { before: "not-a-cursor", size: 5 })).requests).toEqual(first.requests);
  });

  it("the request page: the owner's thread, answers and photos; null (404) for another patient, an unpaid request, a bad id or nobody", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const request = await createPaidRequest(user, { status: "AWAITING_PATIENT" });
    const unpaid = await createPaidRequest(user, { status: "PENDING_PAYMENT" });

    const view = await getPrescriptionCase(patientActor(user), request.id);

    expect(view).toMatchObject({ reference: request.reference, status: "AWAITING_PATIENT", canReply: true, declineReason: null, prescription: null });
    expect(view!.messages).toEqual([expect.objectContaining({ author: "STAFF", body: STAFF_QUESTION, photo: null })]);
    // The questionnaire as questions on the path (steps 5, 8, 10, 13 skipped) with readable answers.
    const steps = view!.questionnaire.answers.map((answer) => answer.step);
    expect(steps).toEqual([1, 2, 3, 4, 6, 7, 9, 11, 12, 14, 15, 16, 17, 18, 19, 20]);
    expect(view!.questionnaire.answers.find((answer) => answer.step === 2)).toMatchObject({ question: "Date of Birth", answer: ["17 May 1990"] });
    expect(view!.questionnaire.answers.find((answer) => answer.step === 9)).toMatchObject({ question: "Hair concerns", answer: ["Thinning, Shedding"] });
    expect(view!.questionnaire.photos).toEqual([expect.objectContaining({ name: "crown.jpg", url: `/api/questionnaires/${request.responseId}/photos/${request.photoId}` })]);

    expect(await getPrescriptionCase(patientActor(stranger), request.id)).toBeNull();
    expect(await getPrescriptionCase(patientActor(user), unpaid.id)).toBeNull();
    expect(await getPrescriptionCase(patientActor(user), "not-a-uuid")).toBeNull();
    expect(await getPrescriptionCase(null, request.id)).toBeNull();
  });

  it("shows the decline reason and refund only when declined, and the prescription's reference only when issued", async () => {
    const user = await createUser();
    const actor = patientActor(user);
    const declined = await createPaidRequest(user, { status: "DECLINED", declineReason: "Finasteride is not suitable with your medicines." });
    const issued = await createPaidRequest(user, { status: "ISSUED" });

    const declinedView = await getPrescriptionCase(actor, declined.id);
    expect(declinedView).toMatchObject({ status: "DECLINED", statusLabel: "Declined and refunded", declineReason: "Finasteride is not suitable with your medicines.", canReply: false, prescription: null });
    expect(declinedView!.timeline.at(-1)!.detail).toBe("Your £19.99 has been refunded.");
    const issuedView = await getPrescriptionCase(actor, issued.id);
    expect(issuedView).toMatchObject({ status: "ISSUED", declineReason: null, canReply: false, prescription: { reference: issued.prescription!.reference } });
  });
});

describe("Dashboard home: tasks", () => {
  it("has a task for each request whose prescriber waits for an answer, and none once answered or for others", async () => {
    const user = await createUser();
    const awaiting = await createPaidRequest(user, { status: "AWAITING_PATIENT" });
    await createPaidRequest(user, { status: "SUBMITTED", messages: [{ author: "STAFF", body: "Q" }, { author: "PATIENT", body: "A" }] });
    await createPaidRequest(await createUser(), { status: "AWAITING_PATIENT" });

    const tasks = await listPatientTasks(patientActor(user));

    expect(tasks).toEqual([{ kind: "prescriber_question", requestId: awaiting.id, reference: awaiting.reference, askedAt: expect.any(String) }]);
    await db.prescriptionRequest.update({ where: { id: awaiting.id }, data: { status: "SUBMITTED" } });
    expect(await listPatientTasks(patientActor(user))).toEqual([]);
  });
});

describe("Account Settings → Medical documents", () => {
  it("lists the owner's issued prescriptions, submitted questionnaires and photos, and nobody else's", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const issued = await createPaidRequest(user, { status: "ISSUED" });
    const awaiting = await createPaidRequest(user, { status: "AWAITING_PATIENT" });
    await db.caseMessage.create({ data: { requestId: awaiting.id, author: "PATIENT", body: "Photo attached", photoKey: `photos/${randomUUID()}.jpg`, photoType: "image/jpeg", photoName: "today.jpg" } });
    await createPaidRequest(stranger, { status: "ISSUED" });

    const documents = await listMedicalDocuments(patientActor(user));

    expect(documents.prescriptions).toEqual([{ reference: issued.prescription!.reference, medicine: "Finasteride 1 mg tablets", issuedAt: expect.any(String), requestReference: issued.reference }]);
    expect(documents.questionnaires.map((questionnaire) => questionnaire.id).sort()).toEqual([issued.responseId, awaiting.responseId].sort());
    expect(documents.questionnaires.find((questionnaire) => questionnaire.id === issued.responseId)).toMatchObject({ requestReferences: [issued.reference], photoCount: 1 });
    expect(documents.photos.map((photo) => photo.name).sort()).toEqual(["crown.jpg", "crown.jpg", "today.jpg"]);
    expect(documents.photos.find((photo) => photo.name === "today.jpg")!.url).toMatch(new RegExp(`^/api/prescriptions/${awaiting.id}/messages/[0-9a-f-]+/photo$`));

    const theirs = await listMedicalDocuments(patientActor(stranger));
    expect(theirs.prescriptions.map((rx) => rx.reference)).not.toContain(issued.prescription!.reference);
    expect(theirs.questionnaires.map((questionnaire) => questionnaire.id)).not.toContain(issued.responseId);
    expect(await listMedicalDocuments(patientActor(await createUser()))).toEqual({ prescriptions: [], questionnaires: [], photos: [] });
  });

  it("the answers page is the owner's only; a draft is not a document", async () => {
    const user = await createUser();
    const request = await createPaidRequest(user, { status: "SUBMITTED" });
    expect((await getSubmittedAnswers(patientActor(user), request.responseId))!.answers.length).toBeGreaterThan(10);
    expect(await getSubmittedAnswers(patientActor(await createUser()), request.responseId)).toBeNull();
    expect(await getSubmittedAnswers(null, request.responseId)).toBeNull();
    await db.questionnaireResponse.update({ where: { id: request.responseId }, data: { submittedAt: null } });
    expect(await getSubmittedAnswers(patientActor(user), request.responseId)).toBeNull();
  });

  it("GET /api/medical-documents/questionnaires/{id} downloads the owner's answers as JSON; 401 signed out, 404 for anyone else", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const stranger = await signIn(await createUser());
    const request = await createPaidRequest(user, { status: "ISSUED" });
    const path = `/api/medical-documents/questionnaires/${request.responseId}`;
    const params = { id: request.responseId };

    const res = await call(exportQuestionnaire, path, { params, headers: bearer(token) });

    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="questionnaire-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.questionnaire).toMatchObject({ id: request.responseId, title: "Prescription questionnaire", version: 1 });
    expect(res.body.answers).toContainEqual({ step: 1, section: "Personal Information", question: "Full Name", answer: ["Alex Morgan"] });
    expect(res.body.photos).toEqual([expect.objectContaining({ name: "crown.jpg", content_type: "image/jpeg", width: 120, height: 80 })]);
    expect(res.body.prescription_requests).toEqual([{ reference: request.reference, status: "ISSUED" }]);

    expect((await call(exportQuestionnaire, path, { params })).status).toBe(401);
    expect((await call(exportQuestionnaire, path, { params, headers: bearer(stranger.token) })).status).toBe(404);
    expect((await call(exportQuestionnaire, "/api/medical-documents/questionnaires/x", { params: { id: "x" }, headers: bearer(token) })).status).toBe(404);
  });
});

describe("GET /api/account/export", () => {
  it("includes the questionnaire answers, photo details, requests with their thread, and issued prescriptions; no dispensing code", async () => {
    const user = await createUser();
    const { token } = await signIn(user);
    const issued = await createPaidRequest(user, { status: "ISSUED", messages: [{ author: "STAFF", body: "Any allergies?" }, { author: "PATIENT", body: "None." }] });
    await createPaidRequest(await createUser(), { status: "ISSUED" });

    const res = await call(exportData, "/api/account/export", { headers: bearer(token) });

    expect(res.status).toBe(200);
    expect(res.body.questionnaire_responses).toEqual([
      expect.objectContaining({
        id: issued.responseId,
        definition: "prescription",
        answers: expect.objectContaining({ "1": { choice: null, text: "Alex Morgan" } }),
        photos: [expect.objectContaining({ name: "crown.jpg", content_type: "image/jpeg", size_bytes: 1000 })],
      }),
    ]);
    expect(res.body.prescription_requests).toEqual([
      expect.objectContaining({
        reference: issued.reference,
        status: "ISSUED",
        questionnaire_id: issued.responseId,
        messages: [expect.objectContaining({ from: "prescriber", body: "Any allergies?" }), expect.objectContaining({ from: "you", body: "None." })],
      }),
    ]);
    expect(res.body.prescriptions).toEqual([expect.objectContaining({ reference: issued.prescription!.reference, medicine: "Finasteride 1 mg tablets", request_reference: issued.reference })]);
    expect(JSON.stringify(res.body)).not.toMatch(/dispense_?code/i);
    // Photo details only: never where a photo is stored.
    expect(JSON.stringify(res.body)).not.toMatch(/photos\/[0-9a-f-]{36}\.jpg/);
  });
});
