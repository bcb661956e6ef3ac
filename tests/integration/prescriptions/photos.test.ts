import { uploadRoot } from "@/tests/support/temp-uploads";
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { POST as upload } from "@/app/api/questionnaires/[id]/photos/route";
import { DELETE as removePhoto, GET as getPhoto } from "@/app/api/questionnaires/[id]/photos/[photoId]/route";
import { POST as submit } from "@/app/api/questionnaires/[id]/submit/route";
import { db } from "@/tests/support/db";
import { postMultipart } from "@/tests/support/multipart";
import { call } from "@/tests/support/request";
import { answerQuestionnaire } from "@/tests/factories/questionnaire";
import { createUser, signIn } from "@/tests/factories/user";
import { exifHasGps, makeJpeg, makePng } from "@/tests/fixtures/images/make-images";
import { NextRequest } from "next/server";

afterAll(async () => {
  await db.$disconnect();
});

let address = 0;

/** POST one file as multipart `photo`, as the browser's form does. */
function send(id: string, cookies: Record<string, string>, file: { bytes: Buffer; name: string; type: string }) {
  return postMultipart(upload, `/api/questionnaires/${id}/photos`, {
    params: { id },
    files: [["photo", { data: file.bytes, filename: file.name, type: file.type }]],
    cookies,
    headers: { "x-forwarded-for": `100.80.0.${++address}` },
  });
}

async function patient() {
  return signIn(await createUser());
}

async function readStored(res: Response) {
  return Buffer.from(await res.arrayBuffer());
}

describe("questionnaire photos", () => {
  it("stores a JPEG re-encoded without its GPS EXIF, serves it only to its owner, and removes it", async () => {
    const owner = await patient();
    const id = await answerQuestionnaire({ cookies: owner.cookies }, { 1: { text: "Photo Owner" } });
    const original = await makeJpeg({ withGps: true });
    expect(exifHasGps((await sharp(original).metadata()).exif)).toBe(true);

    const sent = await send(id, owner.cookies, { bytes: original, name: "../../crown.jpg", type: "image/jpeg" });
    expect(sent.status).toBe(201);
    expect(sent.body.photo).toEqual({ id: expect.any(String), name: "crown.jpg" });
    const photoId = sent.body.photo.id as string;
    const row = await db.questionnairePhoto.findUniqueOrThrow({ where: { id: photoId } });
    expect(row.storageKey).toMatch(/^photos\/[0-9a-f-]{36}\.jpg$/);
    expect(readdirSync(path.join(uploadRoot, "photos"))).toContain(path.basename(row.storageKey));

    const mine = await getPhoto(new NextRequest(new URL(`http://localhost:3000/api/questionnaires/${id}/photos/${photoId}`), { headers: { cookie: `next-auth.session-token=${owner.cookies["next-auth.session-token"]}` } }), { params: Promise.resolve({ id, photoId }) });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("cache-control")).toContain("no-store");
    expect(mine.headers.get("content-disposition")).toMatch(/^inline; filename=/);
    const served = await readStored(mine);
    expect(exifHasGps((await sharp(served).metadata()).exif)).toBe(false);

    const stranger = await patient();
    const theirs = await call(getPhoto, `/api/questionnaires/${id}/photos/${photoId}`, { params: { id, photoId }, cookies: stranger.cookies });
    expect(theirs.status).toBe(404);
    const anonymous = await call(getPhoto, `/api/questionnaires/${id}/photos/${photoId}`, { params: { id, photoId } });
    expect(anonymous.status).toBe(404);
    expect((await call(removePhoto, `/api/questionnaires/${id}/photos/${photoId}`, { method: "DELETE", params: { id, photoId }, cookies: stranger.cookies })).status).toBe(404);

    const removed = await call(removePhoto, `/api/questionnaires/${id}/photos/${photoId}`, { method: "DELETE", params: { id, photoId }, cookies: owner.cookies });
    expect(removed.status).toBe(200);
    expect(await db.questionnairePhoto.count({ where: { id: photoId } })).toBe(0);
    expect(readdirSync(path.join(uploadRoot, "photos"))).not.toContain(path.basename(row.storageKey));
  });

  it("refuses what is not a JPEG or PNG by its bytes (415), anything over 10 MB (413), and stores nothing", async () => {
    const { cookies } = await patient();
    const id = await answerQuestionnaire({ cookies }, { 1: { text: "Photo Owner" } });
    const html = await send(id, cookies, { bytes: Buffer.from("<html><script>alert(1)</script></html>"), name: "scalp.jpg", type: "image/jpeg" });
    expect(html.status).toBe(415);
    expect(html.body.message).toBe("Photos must be JPEG or PNG images.");
    const gif = await send(id, cookies, { bytes: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary"), name: "scalp.png", type: "image/png" });
    expect(gif.status).toBe(415);
    const huge = await send(id, cookies, { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), name: "huge.jpg", type: "image/jpeg" });
    expect(huge.status).toBe(413);
    expect(await db.questionnairePhoto.count({ where: { responseId: id } })).toBe(0);
    // A PNG stays a PNG.
    const png = await send(id, cookies, { bytes: await makePng(), name: "side.png", type: "image/png" });
    expect(png.status).toBe(201);
    expect((await db.questionnairePhoto.findUniqueOrThrow({ where: { id: png.body.photo.id } })).contentType).toBe("image/png");
  });

  it("takes at most 5 photos, and none once the questionnaire is submitted", async () => {
    const { cookies } = await patient();
    const id = await answerQuestionnaire({ cookies });
    const jpeg = await makeJpeg();
    for (let i = 0; i < 5; i += 1) expect((await send(id, cookies, { bytes: jpeg, name: `p${i}.jpg`, type: "image/jpeg" })).status).toBe(201);
    const sixth = await send(id, cookies, { bytes: jpeg, name: "p6.jpg", type: "image/jpeg" });
    expect(sixth.status).toBe(422);
    expect(sixth.body.message).toMatch(/at most 5 photos/);
    expect((await call(submit, `/api/questionnaires/${id}/submit`, { method: "POST", params: { id }, cookies })).status).toBe(200);
    const late = await send(id, cookies, { bytes: jpeg, name: "late.jpg", type: "image/jpeg" });
    expect(late.status).toBe(409);
    expect(await db.questionnairePhoto.count({ where: { responseId: id } })).toBe(5);
  });
});
