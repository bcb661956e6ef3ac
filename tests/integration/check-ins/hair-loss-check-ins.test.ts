import { uploadRoot } from "@/tests/support/temp-uploads";
import { randomInt } from "node:crypto";
import { promises as fs } from "node:fs";
import { NextRequest } from "next/server";
import { POST as submitRoute } from "@/app/api/check-ins/[id]/route";
import { GET as ownPhoto } from "@/app/api/progress-photos/[photoId]/route";
import { POST as planRoute } from "@/app/api/prescriptions/[id]/plan/route";
import { POST as subscribe } from "@/app/api/subscribe/route";
import { claimCheckIn } from "@/lib/server/check-ins/claim-check-in";
import { getCheckInCase } from "@/lib/server/check-ins/get-check-in-case";
import { getOwnCheckIn } from "@/lib/server/check-ins/get-own-check-in";
import { PHOTOS_NOT_USABLE, PHOTOS_REQUIRED } from "@/lib/server/check-ins/link-check-in-photos";
import { addProgressPhotoSet } from "@/lib/server/progress-photos/add-progress-photo-set";
import { getBaselinePhotoTask } from "@/lib/server/progress-photos/get-baseline-photo-task";
import { patientActor, staffActor } from "@/tests/factories/actor";
import { passAssessment } from "@/tests/factories/assessment";
import { createIssuedPrescription } from "@/tests/factories/prescription";
import { createStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";
import { makeJpeg } from "@/tests/fixtures/images/make-images";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { sendCheckInPhoto, waitFor } from "./support";

// Hair-loss check-ins send the three progress photos, which the prescriber compares side by
// side by date (issue 23); other check-ins are unchanged.

const sandbox = sandboxForThisFile();
afterAll(() => fs.rm(uploadRoot, { recursive: true, force: true }));
beforeEach(() => db.rateLimitBucket.deleteMany());

const address = () => ({ "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

/** A patient whose issued hair-loss prescription is supplied under its plan; the period's check-in is open. */
async function hairLossSubscriber() {
  const user = await createUser();
  const issued = await createIssuedPrescription({ userId: user.id, planSlug: "prescription-3-months" });
  const { cookies } = await signIn(user);
  const started = await call(planRoute, `/api/prescriptions/${issued.requestId}/plan`, { json: {}, params: { id: issued.requestId }, cookies, headers: address() });
  expect(started.status).toBe(200);
  await sandbox.pay(started.body.sessionId);
  const subscription = await waitFor(() => db.subscription.findFirst({ where: { prescriptionId: issued.prescriptionId } }));
  const checkIn = await waitFor(() => db.checkIn.findFirst({ where: { subscriptionId: subscription.id } }));
  return { user, cookies, issued, checkIn, actor: patientActor(user) };
}

async function photoSet(user: { id: string; name: string; email: string }) {
  const jpeg = () => makeJpeg({ width: 160, height: 160 }).then((bytes) => ({ bytes }));
  return addProgressPhotoSet(patientActor(user), { HAIRLINE: await jpeg(), CROWN: await jpeg(), TOP: await jpeg() });
}

const submit = (caller: { cookies: Record<string, string> }, id: string, json: Record<string, unknown>) => call(submitRoute, `/api/check-ins/${id}`, { json, params: { id }, cookies: caller.cookies, headers: address() });
const answers = { side_effects: "none", new_conditions: "none", continue: "yes" };

async function prescriber() {
  return staffActor(await createStaff("PRESCRIBER"), "PRESCRIBER");
}

describe("hair-loss check-ins", () => {
  it("refuse to go without the three progress photos (422 with a sentence to act on), and nothing is written", async () => {
    const patient = await hairLossSubscriber();
    expect((await getOwnCheckIn(patient.actor, patient.checkIn.id))?.needsPhotos).toBe(true);
    const res = await submit(patient, patient.checkIn.id, answers);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: PHOTOS_REQUIRED, errors: { progress_photos: [PHOTOS_REQUIRED] } });
    expect(await db.checkIn.findUniqueOrThrow({ where: { id: patient.checkIn.id } })).toMatchObject({ status: "DUE", submittedAt: null, wantsToContinue: null });
  });

  it("refuse a set taken before the check-in opened, another patient's set, or one already sent with another check-in", async () => {
    const patient = await hairLossSubscriber();
    const old = await photoSet(patient.user);
    await db.progressPhotoSet.update({ where: { id: old.id }, data: { takenAt: new Date(patient.checkIn.createdAt.getTime() - 60_000) } });
    const stranger = await createUser();
    const theirs = await photoSet(stranger);
    for (const setId of [old.id, theirs.id]) {
      const res = await submit(patient, patient.checkIn.id, { ...answers, progress_photo_set_id: setId });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ progress_photos: [PHOTOS_NOT_USABLE] });
    }
    const other = await hairLossSubscriber();
    const sent = await photoSet(other.user);
    expect((await submit(other, other.checkIn.id, { ...answers, progress_photo_set_id: sent.id })).status).toBe(200);
    const again = await submit(patient, patient.checkIn.id, { ...answers, progress_photo_set_id: sent.id });
    expect(again.status).toBe(422);
    expect(await db.progressPhotoSet.count({ where: { checkInId: patient.checkIn.id } })).toBe(0);
    expect((await db.checkIn.findUniqueOrThrow({ where: { id: patient.checkIn.id } })).status).toBe("DUE");
  });

  it("with the photos: the set is linked to the check-in and shown to the prescriber beside the baseline, marked; never to another patient", async () => {
    const patient = await hairLossSubscriber();
    const baseline = await photoSet(patient.user);
    await db.progressPhotoSet.update({ where: { id: baseline.id }, data: { takenAt: new Date(patient.checkIn.createdAt.getTime() - 30 * 86_400_000) } });
    const today = await photoSet(patient.user);
    const res = await submit(patient, patient.checkIn.id, { ...answers, progress_photo_set_id: today.id });
    expect(res.status).toBe(200);
    expect(res.body.check_in.status).toBe("submitted");
    expect((await db.progressPhotoSet.findUniqueOrThrow({ where: { id: today.id } })).checkInId).toBe(patient.checkIn.id);

    const reviewer = await prescriber();
    await claimCheckIn(reviewer, patient.checkIn.id);
    const found = await getCheckInCase(reviewer, patient.checkIn.id);
    expect(found.progress?.checkInSetId).toBe(today.id);
    expect(found.progress?.sets.map((set) => set.id)).toEqual([baseline.id, today.id]);
    const photoUrl = found.progress!.sets[1]!.photos[0]!.url;
    expect(photoUrl).toMatch(/^\/api\/staff\/progress-photos\/[0-9a-f-]+$/);

    // The patient's own photo route answers the owner only.
    const photoId = photoUrl.split("/").pop()!;
    const open = (cookies: Record<string, string>) => {
      const headers = new Headers({ host: "localhost:3000", cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join("; ") });
      return ownPhoto(new NextRequest(new URL(`/api/progress-photos/${photoId}`, "http://localhost:3000"), { headers }), { params: Promise.resolve({ photoId }) });
    };
    expect((await open(patient.cookies)).status).toBe(200);
    const stranger = await signIn(await createUser());
    expect((await open(stranger.cookies)).status).toBe(404);
    expect(await getOwnCheckIn(patientActor(await createUser()), patient.checkIn.id)).toBeNull();
  });

  it("stopping the treatment needs no photos", async () => {
    const patient = await hairLossSubscriber();
    const res = await submit(patient, patient.checkIn.id, { ...answers, continue: "stop" });
    expect(res.status).toBe(200);
    expect(res.body.check_in.status).toBe("stopped");
  });
});

describe("other check-ins", () => {
  it("ask for no photos and show none to the prescriber", async () => {
    const user = await createUser();
    const { cookies } = await signIn(user);
    const caller = { user, cookies, headers: address() };
    await passAssessment("mounjaro", caller);
    const plan = await db.plan.findUniqueOrThrow({ where: { slug: "mounjaro-1-month" } });
    const opened = await call(subscribe, "/api/subscribe", { json: { plan_id: plan.id }, ...caller });
    expect(opened.status).toBe(200);
    await sandbox.pay(opened.body.sessionId);
    const stripeId = sandbox.session(opened.body.sessionId)!.subscription!;
    const checkIn = await waitFor(() => db.checkIn.findFirst({ where: { subscription: { stripeSubscriptionId: stripeId } } }));
    await photoSet(user);
    expect((await getOwnCheckIn(patientActor(user), checkIn.id))?.needsPhotos).toBe(false);
    // A Mounjaro check-in asks for its scales photo and the next dose instead.
    expect((await sendCheckInPhoto(checkIn.id, caller)).status).toBe(201);
    const res = await submit(caller, checkIn.id, { ...answers, weight_kg: 91.2, dose_step: "same" });
    expect(res.status).toBe(200);
    expect(await db.progressPhotoSet.count({ where: { checkInId: checkIn.id } })).toBe(0);
    const found = await getCheckInCase(await prescriber(), checkIn.id);
    expect(found.progress).toBeNull();
  });
});

describe("the baseline photos task", () => {
  it("invites a patient who paid for the prescription service until they have any photo set", async () => {
    const user = await createUser();
    const actor = patientActor(user);
    expect(await getBaselinePhotoTask(actor)).toBeNull();
    const issued = await createIssuedPrescription({ userId: user.id });
    const request = await db.prescriptionRequest.findUniqueOrThrow({ where: { id: issued.requestId }, select: { reference: true } });
    expect(await getBaselinePhotoTask(actor)).toEqual({ reference: request.reference });
    await photoSet(user);
    expect(await getBaselinePhotoTask(actor)).toBeNull();
  });

  it("is not shown before payment or after a declined request", async () => {
    for (const status of ["PENDING_PAYMENT", "DECLINED", "CANCELLED"] as const) {
      const user = await createUser();
      const issued = await createIssuedPrescription({ userId: user.id });
      await db.prescriptionRequest.update({ where: { id: issued.requestId }, data: { status } });
      expect(await getBaselinePhotoTask(patientActor(user))).toBeNull();
    }
  });
});
