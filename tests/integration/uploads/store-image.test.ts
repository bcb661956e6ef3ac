import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { exifHasGps, makeJpeg, makePng, multipartRequest, NOT_IMAGES } from "@/tests/fixtures/images/make-images";
import { AppError } from "@/lib/server/core/errors/app-error";
import { imageResponse } from "@/lib/server/services/uploads/image-response";
import { readUploadedFile } from "@/lib/server/services/uploads/read-uploaded-file";
import { storeImage } from "@/lib/server/services/uploads/store-image";
import { MAX_PHOTO_BYTES } from "@/lib/server/services/uploads/upload-limits";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";

// The whole path a photo takes: multipart request → checks → re-encode → storage → response.
describe("storing an uploaded photo", () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "store-image-test-"));
    // Read by env() on first use; this file's modules are its own (jest isolates them).
    process.env.UPLOAD_STORAGE = "local";
    process.env.UPLOAD_DIR = root;
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it("stores a phone photo without its GPS position, under a random name, and serves it back", async () => {
    const original = await makeJpeg({ width: 640, height: 480, withGps: true });
    expect(exifHasGps((await sharp(original).metadata()).exif)).toBe(true);
    const req = multipartRequest([{ name: "photo", filename: "IMG_0042 (home).jpg", type: "image/jpeg", data: original }]);

    const upload = await readUploadedFile(req, "photo", MAX_PHOTO_BYTES);
    const stored = await storeImage(upload.bytes);

    expect(stored.key).toMatch(/^photos\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jpg$/);
    expect(stored.key).not.toContain("IMG_0042");
    expect(stored).toMatchObject({ contentType: "image/jpeg", width: 640, height: 480 });

    // On disk (the configured folder): the re-encoded bytes, no EXIF at all.
    const onDisk = await fs.readFile(path.join(root, ...stored.key.split("/")));
    expect(onDisk.length).toBe(stored.size);
    expect((await sharp(onDisk).metadata()).exif).toBeUndefined();

    const object = await uploadStorage().get(stored.key);
    expect(object).not.toBeNull();
    const res = imageResponse({ ...object!, filename: upload.filename, disposition: "inline" });
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.equals(onDisk)).toBe(true);
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="IMG_0042 (home).jpg"; filename*=UTF-8''IMG_0042%20%28home%29.jpg`);
  });

  it("gives every upload of the same photo a different key", async () => {
    const png = await makePng();
    const [a, b] = [await storeImage(png), await storeImage(png)];
    expect(a.key).toMatch(/\.png$/);
    expect(a.key).not.toBe(b.key);
  });

  it.each(["gif", "pdf", "svg", "html"])("refuses %s bytes sent as scalp.jpg / image/jpeg with 415 and stores nothing", async (kind) => {
    const before = await listFiles(root);
    const req = multipartRequest([{ name: "photo", filename: "scalp.jpg", type: "image/jpeg", data: NOT_IMAGES[kind]! }]);
    const upload = await readUploadedFile(req, "photo", MAX_PHOTO_BYTES);
    const error = await storeImage(upload.bytes).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(415);
    expect(await listFiles(root)).toEqual(before);
  });

  it("accepts a PNG sent as scalp.jpg and keeps it a PNG", async () => {
    const req = multipartRequest([{ name: "photo", filename: "scalp.jpg", type: "image/jpeg", data: await makePng() }]);
    const stored = await storeImage((await readUploadedFile(req, "photo", MAX_PHOTO_BYTES)).bytes);
    expect(stored.contentType).toBe("image/png");
    expect((await sharp((await uploadStorage().get(stored.key))!.bytes).metadata()).format).toBe("png");
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true });
  return entries.map(String).sort();
}
