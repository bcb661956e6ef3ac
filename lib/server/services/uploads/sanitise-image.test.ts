import sharp from "sharp";
import { exifHasGps, makeJpeg, makePng, makePngBomb, NOT_IMAGES } from "@/tests/fixtures/images/make-images";
import { AppError } from "@/lib/server/core/errors/app-error";
import { sanitiseImage } from "./sanitise-image";

async function appErrorOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("sanitiseImage", () => {
  it.each(Object.keys(NOT_IMAGES))("refuses %s bytes with 415 whatever the file is called", async (kind) => {
    const error = await appErrorOf(sanitiseImage(NOT_IMAGES[kind]!));
    expect(error.status).toBe(415);
    expect(error.message).toBe("Photos must be JPEG or PNG images.");
  });

  it("removes the EXIF GPS position and camera details from a JPEG", async () => {
    const input = await makeJpeg({ withGps: true });
    expect(exifHasGps((await sharp(input).metadata()).exif)).toBe(true);

    const output = await sanitiseImage(input);
    const meta = await sharp(output.bytes).metadata();
    expect(output.contentType).toBe("image/jpeg");
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(output.bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("keeps a PNG a PNG and strips its EXIF too", async () => {
    const input = await makePng({ withGps: true });
    expect(exifHasGps((await sharp(input).metadata()).exif)).toBe(true);

    const output = await sanitiseImage(input);
    const meta = await sharp(output.bytes).metadata();
    expect(output.contentType).toBe("image/png");
    expect(meta.format).toBe("png");
    expect(meta.hasAlpha).toBe(true);
    expect(meta.exif).toBeUndefined();
    expect([output.width, output.height]).toEqual([120, 80]);
  });

  it("accepts a PNG whatever its name says (the bytes decide)", async () => {
    const output = await sanitiseImage(await makePng());
    expect(output.contentType).toBe("image/png");
  });

  it("turns the picture upright from its EXIF orientation and drops the tag", async () => {
    // Orientation 6: stored 20 × 10, shown rotated 90° clockwise as 10 × 20.
    const input = await makeJpeg({ width: 20, height: 10, orientation: 6 });
    const output = await sanitiseImage(input);
    const meta = await sharp(output.bytes).metadata();
    expect([output.width, output.height]).toEqual([10, 20]);
    expect([meta.width, meta.height]).toEqual([10, 20]);
    expect(meta.orientation).toBeUndefined();
  });

  it("scales the long side down to 4000 pixels and never enlarges", async () => {
    const wide = await sanitiseImage(await makeJpeg({ width: 5000, height: 100 }));
    expect([wide.width, wide.height]).toEqual([4000, 80]);
    const small = await sanitiseImage(await makeJpeg({ width: 30, height: 20 }));
    expect([small.width, small.height]).toEqual([30, 20]);
  });

  it("refuses a corrupt JPEG with 422", async () => {
    const jpeg = await makeJpeg();
    const corrupt = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(2000, 7)]);
    const error = await appErrorOf(sanitiseImage(corrupt));
    expect(error.status).toBe(422);
    expect(error.message).toBe("We could not read that image. Please upload a JPEG or PNG photo.");
  });

  it("refuses a truncated JPEG with 422", async () => {
    const jpeg = await makeJpeg({ width: 400, height: 300 });
    expect((await appErrorOf(sanitiseImage(jpeg.subarray(0, Math.floor(jpeg.length / 2))))).status).toBe(422);
  });

  it("refuses a decompression bomb (64 megapixels in a few kilobytes) with 422", async () => {
    const bomb = makePngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    // It is a well-formed image: only the pixel limit stops it.
    const decoded = await sharp(bomb, { limitInputPixels: false, failOn: "error" }).resize(10).toBuffer({ resolveWithObject: true });
    expect(decoded.info.width).toBe(10);
    expect((await appErrorOf(sanitiseImage(bomb))).status).toBe(422);
  });
});
