import { uploadRoot } from "@/tests/support/temp-uploads";
import { promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { POST as chooseVideo } from "@/app/api/orders/[reference]/weight-video-consultation/route";
import { POST as claim } from "@/app/api/staff/orders/[id]/claim/route";
import { POST as dispense } from "@/app/api/staff/orders/[id]/dispense/route";
import { GET as staffPhoto } from "@/app/api/staff/orders/[id]/weight-photos/[photoId]/route";
import { POST as recordWeight } from "@/app/api/staff/orders/[id]/weight/route";
import { getOrderCase } from "@/lib/server/orders/review/get-order-case";
import { getPatientWeightStep } from "@/lib/server/weight-verification/get-patient-weight-step";
import { listWeightTasks } from "@/lib/server/weight-verification/list-weight-tasks";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { patientActor, staffActor } from "@/tests/factories/actor";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";
import { verifyWeight } from "@/tests/factories/weight";
import { exifHasGps, makeJpeg, NOT_IMAGES } from "@/tests/fixtures/images/make-images";
import { createPaidOrder } from "../orders/support/shop";
import { meetSupplyChecks } from "@/tests/factories/supply";
import { createPaidMounjaroOrder, sendWeightPhoto } from "./support";

const sandbox = sandboxForThisFile();
afterAll(() => fs.rm(uploadRoot, { recursive: true, force: true }));
beforeEach(() => db.rateLimitBucket.deleteMany());

type Handler = Parameters<typeof call>[0];
const act = (handler: Handler, action: string, id: string, cookies: Record<string, string>, json: unknown = {}) =>
  call(handler, `/api/staff/orders/${id}/${action}`, { json, cookies, params: { id } });

const NO_EVIDENCE = "No verified weight yet: the patient has not sent a weight photo or booked a video consultation yet.";
const PHOTO_SENT = "No verified weight yet: the patient has sent a photo — record the verified weight.";

async function claimedBy(orderId: string) {
  const pharmacist = await signedInStaff("PHARMACIST", false, { name: "Lee Chemist" });
  expect((await act(claim, "claim", orderId, pharmacist.cookies)).status).toBe(200);
  return pharmacist;
}

async function jpegPhoto() {
  return { data: await makeJpeg({ width: 300, height: 600, withGps: true }), filename: "me on scales.jpg", type: "image/jpeg" };
}

/** A paid Mounjaro order whose other supply checks are met: this file is about the weight rule. */
async function paidMounjaroOrder() {
  const paid = await createPaidMounjaroOrder(sandbox);
  await meetSupplyChecks({ userId: paid.user.id, orderId: paid.order.id }, { except: ["weight"] });
  return paid;
}

describe("verified weight before a weight-loss medicine is dispensed", () => {
  it("refuses to dispense Mounjaro until a pharmacist records a verified weight, then dispenses (audited without figures)", async () => {
    const { order, session } = await paidMounjaroOrder();
    const pharmacist = await claimedBy(order.id);

    const refused = await act(dispense, "dispense", order.id, pharmacist.cookies);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_EVIDENCE);

    expect((await sendWeightPhoto(order.reference, await jpegPhoto(), session.cookies)).status).toBe(201);
    expect((await act(dispense, "dispense", order.id, pharmacist.cookies)).body.message).toBe(PHOTO_SENT);

    const recorded = await act(recordWeight, "weight", order.id, pharmacist.cookies, { weight_kg: "101.5", method: "PHOTO", note: "Scales legible, date matches." });
    expect(recorded.status).toBe(201);
    expect(recorded.body.verification).toMatchObject({ weightKg: 101.5, heightCm: 180, bmi: 31.3, method: "PHOTO", passed: true, failure: null, byName: "Lee Chemist" });

    const view = await getOrderCase(staffActor(pharmacist.staff, "PHARMACIST"), order.id);
    const check = view.supplyChecks.find((c) => c.key === "weight");
    expect(check).toMatchObject({ state: "met", blocking: null });
    expect(check?.facts).toEqual(expect.arrayContaining([{ label: "Verified weight", value: "101.5 kg" }, { label: "BMI", value: "31.3" }, { label: "Method", value: "Photo on scales" }, { label: "Recorded by", value: "Lee Chemist" }]));
    expect(check?.source).toMatch(/GPhC .*February 2025.*weight management/);

    const audit = await db.auditEvent.findFirstOrThrow({ where: { subjectId: order.id, action: "weight.verified" } });
    expect(audit.actorId).toBe(pharmacist.staff.id);
    // Exactly these fields: no weight, height or BMI. (A pattern over the JSON, /101|31\.3|180/, also
    // matched the random verification id now and then: CI on 08199cb.)
    expect(audit.detail).toEqual({ reference: order.reference, method: "PHOTO", passed: true, verificationId: expect.any(String) });
    const { verificationId, ...rest } = audit.detail as Record<string, unknown>;
    expect(verificationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.values(rest).some((value) => typeof value === "number")).toBe(false);

    expect((await act(dispense, "dispense", order.id, pharmacist.cookies)).status).toBe(200);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("AWAITING_DISPATCH");
  });

  it("applies the BMI rule to the verified weight: below 27 blocks even though the self-reported BMI (30.0) passed", async () => {
    const { order } = await paidMounjaroOrder();
    const pharmacist = await claimedBy(order.id);
    const FAIL = "Verified BMI 26.1 is below the 27 threshold for Mounjaro (tirzepatide): decline the order.";

    const recorded = await act(recordWeight, "weight", order.id, pharmacist.cookies, { weight_kg: 84.6, method: "VIDEO_CONSULTATION" });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ message: FAIL, verification: { bmi: 26.1, passed: false, failure: FAIL } });
    const refused = await act(dispense, "dispense", order.id, pharmacist.cookies);
    expect(refused).toMatchObject({ status: 409, body: { message: FAIL } });
    expect(await db.auditEvent.findFirst({ where: { subjectId: order.id, action: "weight.verified" } })).toMatchObject({ detail: expect.objectContaining({ passed: false, method: "VIDEO_CONSULTATION" }) });

    // 27.8 needs a weight-related condition the patient (self-reported 30.0) was never asked about.
    const between = await act(recordWeight, "weight", order.id, pharmacist.cookies, { weight_kg: 90, method: "IN_PERSON" });
    expect(between.body.verification.passed).toBe(false);
    expect((await act(dispense, "dispense", order.id, pharmacist.cookies)).body.message).toMatch(/^Verified BMI 27\.8 needs the assessment's answer to "Do you have any of these conditions\?"/);

    // A correction is a new record; the latest counts.
    expect((await act(recordWeight, "weight", order.id, pharmacist.cookies, { weight_kg: 98, method: "IN_PERSON" })).body.verification.passed).toBe(true);
    expect(await db.weightVerification.count({ where: { orderId: order.id } })).toBe(3);
    expect((await act(dispense, "dispense", order.id, pharmacist.cookies)).status).toBe(200);
  });

  it("validates the record (422 with the field), needs the claim (409) and a pharmacist (403); nothing is written", async () => {
    const { order, session } = await paidMounjaroOrder();
    const pharmacist = await signedInStaff("PHARMACIST");
    expect((await act(recordWeight, "weight", order.id, pharmacist.cookies, { weight_kg: 100, method: "PHOTO" })).status).toBe(409);
    expect((await act(claim, "claim", order.id, pharmacist.cookies)).status).toBe(200);

    for (const [input, field] of [
      [{ weight_kg: "heavy", method: "PHOTO" }, "weight_kg"],
      [{ weight_kg: 25, method: "PHOTO" }, "weight_kg"],
      [{ weight_kg: 301, method: "PHOTO" }, "weight_kg"],
      [{ weight_kg: "92.45", method: "PHOTO" }, "weight_kg"],
      [{ method: "PHOTO" }, "weight_kg"],
      [{ weight_kg: 100 }, "method"],
      [{ weight_kg: 100, method: "GUESS" }, "method"],
      [{ weight_kg: 100, method: "PHOTO", note: "x".repeat(501) }, "note"],
    ] as const) {
      const res = await act(recordWeight, "weight", order.id, pharmacist.cookies, input);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]?.[0]).toEqual(expect.any(String));
    }
    const prescriber = await signedInStaff("PRESCRIBER");
    expect((await act(recordWeight, "weight", order.id, prescriber.cookies, { weight_kg: 100, method: "PHOTO" })).status).toBe(403);
    expect((await act(recordWeight, "weight", order.id, session.cookies, { weight_kg: 100, method: "PHOTO" })).status).toBe(403);
    expect(await db.weightVerification.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("takes the photo from the order's owner only, strips its metadata, refuses what is not an image, and audits the pharmacist's view", async () => {
    const { order, session, user } = await paidMounjaroOrder();
    const strangerUser = await createUser();
    const stranger = await signIn(strangerUser);
    expect((await sendWeightPhoto(order.reference, await jpegPhoto(), stranger.cookies)).status).toBe(404);
    expect((await sendWeightPhoto("OR-NOPE00", await jpegPhoto(), session.cookies)).status).toBe(404);

    const files = async () => fs.readdir(path.join(uploadRoot, "photos")).catch(() => []);
    const before = await files();
    for (const data of [NOT_IMAGES.gif!, NOT_IMAGES.html!]) {
      const res = await sendWeightPhoto(order.reference, { data, filename: "scales.jpg", type: "image/jpeg" }, session.cookies);
      expect(res.status).toBe(415);
      expect(res.body.message).toBe("Photos must be JPEG or PNG images.");
    }
    expect(await files()).toEqual(before);
    expect(await db.weightEvidence.count({ where: { orderId: order.id } })).toBe(0);

    const sent = await sendWeightPhoto(order.reference, await jpegPhoto(), session.cookies);
    expect(sent.status).toBe(201);
    const evidence = await db.weightEvidence.findFirstOrThrow({ where: { orderId: order.id } });
    expect(evidence).toMatchObject({ kind: "PHOTO", contentType: "image/jpeg", displayName: "me on scales.jpg" });
    expect(evidence.storageKey).toMatch(/^photos\/[0-9a-f-]{36}\.jpg$/);

    const params = { id: order.id, photoId: evidence.id };
    const url = `/api/staff/orders/${order.id}/weight-photos/${evidence.id}`;
    expect((await call(staffPhoto, url, { params, cookies: session.cookies })).status).toBe(403);
    expect((await call(staffPhoto, url, { params })).status).toBe(401);
    const pharmacist = await signedInStaff("PHARMACIST");
    const { NextRequest } = await import("next/server");
    const res = await staffPhoto(new NextRequest(new URL(url, "http://localhost:3000"), { headers: { host: "localhost:3000", cookie: Object.entries(pharmacist.cookies).map(([k, v]) => `${k}=${v}`).join("; ") } }), { params: Promise.resolve(params) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBe(300);
    expect(exifHasGps(meta.exif)).toBe(false);
    expect(await db.auditEvent.count({ where: { subjectId: evidence.id, action: "weight.photo_viewed", actorId: pharmacist.staff.id } })).toBe(1);

    const step = await getPatientWeightStep(patientActor(user), order.reference);
    expect(step).toMatchObject({ open: true, medicine: "Mounjaro (tirzepatide)", verified: false, lastEvidence: { kind: "PHOTO" } });
    expect(await getPatientWeightStep(patientActor(strangerUser), order.reference)).toBeNull();
  });

  it("records the choice of a video consultation once, lists the dashboard task until the weight is verified, and closes the upload after", async () => {
    const { order, session, user } = await paidMounjaroOrder();
    expect(await listWeightTasks(patientActor(user))).toEqual([{ reference: order.reference, medicine: "Mounjaro (tirzepatide)", chosen: null }]);

    const path = `/api/orders/${order.reference}/weight-video-consultation`;
    for (let i = 0; i < 2; i += 1) {
      const res = await call(chooseVideo, path, { method: "POST", params: { reference: order.reference }, cookies: session.cookies });
      expect(res.status).toBe(200);
      expect(res.body.booking_url).toBe("/consultation");
    }
    expect(await db.weightEvidence.count({ where: { orderId: order.id, kind: "VIDEO_CONSULTATION" } })).toBe(1);
    expect(await listWeightTasks(patientActor(user))).toEqual([{ reference: order.reference, medicine: "Mounjaro (tirzepatide)", chosen: "VIDEO_CONSULTATION" }]);
    const pharmacist = await claimedBy(order.id);
    expect((await act(dispense, "dispense", order.id, pharmacist.cookies)).body.message).toMatch(/the patient chose a video consultation/);

    await verifyWeight(order.id);
    expect(await listWeightTasks(patientActor(user))).toEqual([]);
    const late = await sendWeightPhoto(order.reference, await jpegPhoto(), session.cookies);
    expect(late).toMatchObject({ status: 409, body: { message: "Your weight for this order has already been verified." } });
    expect((await act(dispense, "dispense", order.id, pharmacist.cookies)).status).toBe(200);
  });

  it("does not concern medicines without weight verification: a minoxidil order shows the check as not required and takes no weight", async () => {
    const { order, shopper } = await createPaidOrder(sandbox);
    const pharmacist = await claimedBy(order.id);
    const view = await getOrderCase(staffActor(pharmacist.staff, "PHARMACIST"), order.id);
    expect(view.supplyChecks.find((c) => c.key === "weight")?.state).toBe("not_required");
    expect((await act(recordWeight, "weight", order.id, pharmacist.cookies, { weight_kg: 100, method: "PHOTO" })).body.message).toBe("This order has no medicine that needs a verified weight.");
    expect((await sendWeightPhoto(order.reference, await jpegPhoto(), shopper.cookies)).body.message).toBe("This order does not need a weight check.");
  });
});
