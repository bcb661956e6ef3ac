import { uploadRoot } from "@/tests/support/temp-uploads";
import { promises as fs } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { GET as messagePhoto } from "@/app/api/prescriptions/[id]/messages/[messageId]/photo/route";
import { POST as postMessage } from "@/app/api/prescriptions/[id]/messages/route";
import { db } from "@/tests/support/db";
import { postMultipart } from "@/tests/support/multipart";
import { call } from "@/tests/support/request";
import { exifHasGps, makeJpeg, NOT_IMAGES } from "@/tests/fixtures/images/make-images";
import { createUser, signIn } from "@/tests/factories/user";
import { createPaidRequest } from "./paid-request";

afterAll(async () => {
  await db.$disconnect();
  await fs.rm(uploadRoot, { recursive: true, force: true });
});
beforeEach(() => db.rateLimitBucket.deleteMany());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function patient() {
  const user = await createUser();
  return { user, ...(await signIn(user)) };
}

async function staffUser() {
  const user = await createUser({ name: "Dr Jane Smith" });
  await db.user.update({ where: { id: user.id }, data: { role: "PRESCRIBER" } });
  return user;
}

function reply(id: string, json: unknown, headers: Record<string, string> = {}) {
  return call(postMessage, `/api/prescriptions/${id}/messages`, { json, params: { id }, headers });
}

/** A multipart answer as the dashboard's form sends it (bearer, or cookies with the XSRF token). */
function replyMultipart(id: string, parts: { body?: string; photo?: { data: Buffer; filename: string; type: string } }, auth: { token?: string; cookies?: Record<string, string> }) {
  return postMultipart(postMessage, `/api/prescriptions/${id}/messages`, {
    params: { id },
    fields: parts.body === undefined ? {} : { body: parts.body },
    files: parts.photo ? [["photo", parts.photo]] : [],
    ...auth,
  });
}

async function storedFiles(): Promise<string[]> {
  return fs.readdir(path.join(uploadRoot, "photos")).catch(() => []);
}

describe("POST /api/prescriptions/{id}/messages", () => {
  it("answers the question: the case goes back to the queue with its claim cleared, audited, and the email quotes nothing", async () => {
    const { user, token } = await patient();
    const prescriber = await staffUser();
    const request = await createPaidRequest(user, { status: "AWAITING_PATIENT", claimedById: prescriber.id });

    const res = await reply(request.id, { body: "  I used minoxidil foam until March.  " }, bearer(token));

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "SUBMITTED", case_message: { author: "PATIENT", body: "I used minoxidil foam until March.", photo: null } });
    const row = await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id }, select: { status: true, claimedById: true, claimedAt: true } });
    expect(row).toEqual({ status: "SUBMITTED", claimedById: null, claimedAt: null });
    const thread = await db.caseMessage.findMany({ where: { requestId: request.id }, orderBy: { createdAt: "asc" }, select: { author: true, authorUserId: true, body: true } });
    expect(thread.map((message) => message.author)).toEqual(["STAFF", "PATIENT"]);
    expect(thread[1]).toEqual({ author: "PATIENT", authorUserId: user.id, body: "I used minoxidil foam until March." });
    const audit = await db.auditEvent.findMany({ where: { subjectId: request.id, action: "prescription.patient_replied" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: user.id, detail: { reference: request.reference, photo: false } });
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: request.email } });
    expect(mail.subject).toContain(request.reference);
    expect(mail.text).toContain(`/dashboard/orders/prescriptions/${request.id}`);
    expect(mail.text).not.toMatch(/minoxidil|hair-loss treatment/i);
  });

  it("refuses an answer unless the prescriber is waiting for one (409), writing nothing", async () => {
    const { user, token } = await patient();
    for (const status of ["SUBMITTED", "IN_REVIEW", "ISSUED", "DECLINED"] as const) {
      const request = await createPaidRequest(user, { status });
      const res = await reply(request.id, { body: "Hello" }, bearer(token));
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/not waiting for an answer/);
      expect(await db.caseMessage.count({ where: { requestId: request.id } })).toBe(0);
      expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe(status);
    }
  });

  it("answers 401 signed out, and 404 for another patient's, an unpaid, a missing or a malformed request", async () => {
    const owner = await patient();
    const stranger = await patient();
    const request = await createPaidRequest(owner.user, { status: "AWAITING_PATIENT" });
    const unpaid = await createPaidRequest(owner.user, { status: "CANCELLED", paid: false });

    expect((await reply(request.id, { body: "Hi" })).status).toBe(401);
    expect((await reply(request.id, { body: "Hi" }, bearer(stranger.token))).status).toBe(404);
    expect((await reply(unpaid.id, { body: "Hi" }, bearer(owner.token))).status).toBe(404);
    expect((await reply(randomUUID(), { body: "Hi" }, bearer(owner.token))).status).toBe(404);
    const malformed = await call(postMessage, "/api/prescriptions/abc/messages", { json: { body: "Hi" }, params: { id: "abc" }, headers: bearer(owner.token) });
    expect(malformed.status).toBe(404);
    expect(await db.caseMessage.count({ where: { requestId: request.id, author: "PATIENT" } })).toBe(0);
    expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("AWAITING_PATIENT");
  });

  it("requires the text, at most 2000 characters (422), and a body it can read", async () => {
    const { user, token } = await patient();
    const request = await createPaidRequest(user, { status: "AWAITING_PATIENT" });
    for (const json of [{}, { body: "   " }, { body: 42 }, { body: "x".repeat(2001) }]) {
      const res = await reply(request.id, json, bearer(token));
      expect(res.status).toBe(422);
      expect(res.body.errors.body).toHaveLength(1);
    }
    const plain = await call(postMessage, `/api/prescriptions/${request.id}/messages`, { body: "hello", params: { id: request.id }, headers: { ...bearer(token), "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
    expect((await reply(request.id, { body: "x".repeat(2000) }, bearer(token))).status).toBe(201);
  });

  it("takes a photo with the answer (cookie session, multipart), stripped of its location, served only to its owner", async () => {
    const owner = await patient();
    const stranger = await patient();
    const request = await createPaidRequest(owner.user, { status: "AWAITING_PATIENT" });
    const jpeg = await makeJpeg({ width: 300, height: 200, withGps: true });

    const res = await replyMultipart(request.id, { body: "Here is the crown today.", photo: { data: jpeg, filename: "crown today.jpg", type: "image/jpeg" } }, { cookies: owner.cookies });

    expect(res.status).toBe(201);
    const message = await db.caseMessage.findUniqueOrThrow({ where: { id: res.body.case_message.id } });
    expect(message).toMatchObject({ author: "PATIENT", body: "Here is the crown today.", photoType: "image/jpeg", photoName: "crown today.jpg" });
    expect(message.photoKey).toMatch(/^photos\/[0-9a-f-]{36}\.jpg$/);
    expect(res.body.case_message.photo.url).toBe(`/api/prescriptions/${request.id}/messages/${message.id}/photo`);

    const params = { id: request.id, messageId: message.id };
    const url = `/api/prescriptions/${request.id}/messages/${message.id}/photo`;
    const mine = await messagePhoto(new NextRequest(new URL(url, "http://localhost:3000"), { headers: { ...bearer(owner.token), host: "localhost:3000" } }), { params: Promise.resolve(params) });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await mine.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(300);
    expect(exifHasGps((await sharp(bytes).metadata()).exif)).toBe(false);

    expect((await call(messagePhoto, url, { params, headers: bearer(stranger.token) })).status).toBe(404);
    expect((await call(messagePhoto, url, { params })).status).toBe(401);
    expect((await call(messagePhoto, url, { params: { ...params, id: randomUUID() }, headers: bearer(owner.token) })).status).toBe(404);
  });

  it("refuses a photo that is not a JPEG or PNG by its bytes (415): nothing stored, the question still open", async () => {
    const { user, token } = await patient();
    const request = await createPaidRequest(user, { status: "AWAITING_PATIENT" });
    const before = await storedFiles();
    for (const [name, data] of Object.entries({ gif: NOT_IMAGES.gif!, html: NOT_IMAGES.html! })) {
      const res = await replyMultipart(request.id, { body: "See photo", photo: { data, filename: `scalp-${name}.jpg`, type: "image/jpeg" } }, { token });
      expect(res.status).toBe(415);
    }
    expect(await storedFiles()).toEqual(before);
    expect(await db.caseMessage.count({ where: { requestId: request.id, author: "PATIENT" } })).toBe(0);
    expect((await db.prescriptionRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("AWAITING_PATIENT");
  });

  it("removes the stored photo when the answer cannot be saved, and stores none for a refused text", async () => {
    const { user, token } = await patient();
    const request = await createPaidRequest(user, { status: "AWAITING_PATIENT" });
    const before = await storedFiles();
    const photo = { data: await makeJpeg(), filename: "a.jpg", type: "image/jpeg" };
    // The text is checked before the photo is stored.
    expect((await replyMultipart(request.id, { body: "", photo }, { token })).status).toBe(422);
    expect(await storedFiles()).toEqual(before);
    // The database fails after the photo was stored: the file goes too.
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    const failing = jest.spyOn(db, "$transaction").mockRejectedValueOnce(new Error("connection lost"));
    try {
      expect((await replyMultipart(request.id, { body: "See photo", photo }, { token })).status).toBe(500);
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
      error.mockRestore();
    }
    expect(await storedFiles()).toEqual(before);
    expect((await replyMultipart(request.id, { body: "See photo", photo }, { token })).status).toBe(201);
    expect(await storedFiles()).toHaveLength(before.length + 1);
  });

  it("two answers sent at once: one is taken, the other finds the question answered (409)", async () => {
    const { user, token } = await patient();
    const request = await createPaidRequest(user, { status: "AWAITING_PATIENT" });
    const results = await Promise.all([reply(request.id, { body: "First" }, bearer(token)), reply(request.id, { body: "Second" }, bearer(token))]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await db.caseMessage.count({ where: { requestId: request.id, author: "PATIENT" } })).toBe(1);
  });
});
