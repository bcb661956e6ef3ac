import { uploadRoot } from "@/tests/support/temp-uploads";
import { promises as fs } from "node:fs";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { POST as uploadSet } from "@/app/api/progress-photos/route";
import { GET as ownPhoto } from "@/app/api/progress-photos/[photoId]/route";
import { GET as staffPhoto } from "@/app/api/staff/progress-photos/[photoId]/route";
import { listCaseProgressPhotos } from "@/lib/server/progress-photos/list-progress-photos";
import { TOO_MANY_SETS } from "@/lib/server/progress-photos/add-progress-photo-set";
import { staffActor } from "@/tests/factories/actor";
import { createIssuedPrescription } from "@/tests/factories/prescription";
import { signedInStaff } from "@/tests/factories/staff";
import { createUser, signIn } from "@/tests/factories/user";
import { exifHasGps, makeJpeg, makePng, NOT_IMAGES } from "@/tests/fixtures/images/make-images";
import { db } from "@/tests/support/db";
import { postMultipart } from "@/tests/support/multipart";

afterAll(async () => {
  await db.$disconnect();
  await fs.rm(uploadRoot, { recursive: true, force: true });
});
beforeEach(() => db.rateLimitBucket.deleteMany());

type Part = { data: Buffer; type: string };

/** The progress form's multipart POST, with the signed-in patient's cookies and XSRF token. */
function upload(cookies: Record<string, string>, parts: Partial<Record<"hairline" | "crown" | "top", Part>>) {
  return postMultipart(uploadSet, "/api/progress-photos", {
    files: Object.entries(parts).map(([field, part]) => [field, { data: part.data, filename: `${field}.jpg`, type: part.type }]),
    cookies,
    headers: { "x-forwarded-for": `10.9.${randomUUID().charCodeAt(0)}.7` },
  });
}

function getImage(handler: (req: NextRequest, segment: { params: Promise<{ photoId: string }> }) => Promise<Response>, path: string, photoId: string, cookies: Record<string, string> = {}) {
  const headers = new Headers({ host: "localhost:3000" });
  if (Object.keys(cookies).length) headers.set("cookie", Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join("; "));
  return handler(new NextRequest(new URL(path, "http://localhost:3000"), { headers }), { params: Promise.resolve({ photoId }) });
}

async function patient() {
  const user = await createUser();
  return { user, cookies: (await signIn(user)).cookies };
}

async function threeViews(): Promise<Record<"hairline" | "crown" | "top", Part>> {
  return {
    hairline: { data: await makeJpeg({ width: 300, height: 300, withGps: true }), type: "image/jpeg" },
    crown: { data: await makePng({ width: 200, height: 200, withGps: true }), type: "image/png" },
    top: { data: await makeJpeg({ width: 240, height: 240 }), type: "image/jpeg" },
  };
}

describe("hair progress photos", () => {
  it("saves a dated set of the three views, stripped of location, served only to the patient and, audited, to clinicians", async () => {
    const owner = await patient();
    const res = await upload(owner.cookies, await threeViews());
    expect(res.status).toBe(201);
    const set = await db.progressPhotoSet.findUniqueOrThrow({ where: { id: res.body.set.id }, include: { photos: true } });
    expect(set.userId).toBe(owner.user.id);
    expect(set.photos.map((photo) => photo.view).sort()).toEqual(["CROWN", "HAIRLINE", "TOP"]);
    const hairline = set.photos.find((photo) => photo.view === "HAIRLINE")!;

    const mine = await getImage(ownPhoto, `/api/progress-photos/${hairline.id}`, hairline.id, owner.cookies);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await mine.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(300);
    expect(exifHasGps((await sharp(bytes).metadata()).exif)).toBe(false);

    const stranger = await patient();
    expect((await getImage(ownPhoto, `/api/progress-photos/${hairline.id}`, hairline.id, stranger.cookies)).status).toBe(404);
    expect((await getImage(ownPhoto, `/api/progress-photos/${hairline.id}`, hairline.id)).status).toBe(401);
    expect((await getImage(staffPhoto, `/api/staff/progress-photos/${hairline.id}`, hairline.id, stranger.cookies)).status).toBe(403);

    const prescriber = await signedInStaff("PRESCRIBER");
    const seen = await getImage(staffPhoto, `/api/staff/progress-photos/${hairline.id}`, hairline.id, prescriber.cookies);
    expect(seen.status).toBe(200);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "progress_photo.viewed", subjectId: hairline.id } });
    expect(audit).toMatchObject({ actorId: prescriber.staff.id, subjectType: "progress_photo" });
  });

  it("refuses a set without all three views, and anything but a JPEG or PNG, keeping nothing", async () => {
    const owner = await patient();
    const views = await threeViews();
    const partial = await upload(owner.cookies, { hairline: views.hairline, top: views.top });
    expect(partial.status).toBe(422);
    expect(partial.body.errors.crown).toEqual(["Add the photo of your crown."]);
    const notImage = await upload(owner.cookies, { ...views, top: { data: NOT_IMAGES.html!, type: "image/jpeg" } });
    expect(notImage.status).toBe(415);
    expect(await db.progressPhotoSet.count({ where: { userId: owner.user.id } })).toBe(0);
    expect(await db.progressPhoto.count({ where: { set: { userId: owner.user.id } } })).toBe(0);
  });

  it("takes at most three sets in 24 hours", async () => {
    const owner = await patient();
    for (let i = 0; i < 3; i++) expect((await upload(owner.cookies, await threeViews())).status).toBe(201);
    const fourth = await upload(owner.cookies, await threeViews());
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(TOO_MANY_SETS);
  });

  it("shows the clinician a case's sets side by side, oldest (the baseline) first, at the audited staff URL", async () => {
    const owner = await patient();
    const first = await upload(owner.cookies, await threeViews());
    await db.progressPhotoSet.update({ where: { id: first.body.set.id }, data: { takenAt: new Date(Date.now() - 60 * 24 * 3600_000) } });
    const second = await upload(owner.cookies, await threeViews());
    const issued = await createIssuedPrescription({ userId: owner.user.id });
    const reviewer = staffActor({ id: randomUUID(), name: "Dr Jane Smith", email: "jane@example.com" }, "PRESCRIBER");
    const sets = await listCaseProgressPhotos(reviewer, { requestId: issued.requestId });
    expect(sets.map((set) => set.id)).toEqual([first.body.set.id, second.body.set.id]);
    expect(sets[0]!.photos.every((photo) => photo.url.startsWith("/api/staff/progress-photos/"))).toBe(true);
    const stranger = await createIssuedPrescription();
    expect(await listCaseProgressPhotos(reviewer, { requestId: stranger.requestId })).toEqual([]);
  });
});
