import { multipartRequest } from "@/tests/fixtures/images/make-images";
import { AppError } from "@/lib/server/core/errors/app-error";
import { MULTIPART_OVERHEAD_BYTES, readUploadedFile } from "@/lib/server/services/uploads/read-uploaded-file";
import { MAX_PHOTO_BYTES } from "@/lib/server/services/uploads/upload-limits";

async function appErrorOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A request body that produces `total` bytes in 64 KB chunks and counts what was pulled. */
function countingStream(total: number) {
  const counter = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      const size = Math.min(chunk.length, total - counter.pulled);
      counter.pulled += size;
      controller.enqueue(chunk.subarray(0, size));
    },
    cancel() {
      counter.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, counter };
}

function streamingRequest(stream: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/api/uploads", {
    method: "POST",
    body: stream,
    headers: { "content-type": "multipart/form-data; boundary=----x", ...headers },
    duplex: "half",
  } as RequestInit);
}

describe("readUploadedFile", () => {
  it("returns the file's bytes and a display name without any path", async () => {
    const data = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3, 0, 255]);
    const req = multipartRequest([
      { name: "note", data: "hello" },
      { name: "photo", filename: "..\\..\\C:\\Users\\me/../../etc/scalp\u202egpj.exe", data },
    ]);
    const file = await readUploadedFile(req, "photo", 1024);
    expect(file.bytes.equals(data)).toBe(true);
    expect(file.filename).toBe("scalpgpj.exe");
  });

  it("refuses a request that is not multipart with 415", async () => {
    const req = new Request("http://localhost:3000/api/uploads", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect((await appErrorOf(readUploadedFile(req, "photo", 1024))).status).toBe(415);
  });

  it("answers 422 when the field is missing, is text, or holds an empty file", async () => {
    for (const parts of [
      [{ name: "other", filename: "a.jpg", data: Buffer.from("x") }],
      [{ name: "photo", data: "not a file" }],
      [{ name: "photo", filename: "", data: Buffer.alloc(0) }],
    ]) {
      const error = await appErrorOf(readUploadedFile(multipartRequest(parts), "photo", 1024));
      expect(error.status).toBe(422);
      expect(error.message).toBe("Choose a photo to upload.");
      expect(error.errors).toEqual({ photo: ["Choose a photo to upload."] });
    }
  });

  it("answers 422 for an empty multipart body", async () => {
    const req = new Request("http://localhost:3000/api/uploads", { method: "POST", body: "", headers: { "content-type": "multipart/form-data; boundary=----x" } });
    expect((await appErrorOf(readUploadedFile(req, "photo", 1024))).status).toBe(422);
  });

  it("refuses a 10 MB + 1 byte photo with 413", async () => {
    const req = multipartRequest([{ name: "photo", filename: "big.jpg", data: Buffer.alloc(MAX_PHOTO_BYTES + 1, 1) }]);
    const error = await appErrorOf(readUploadedFile(req, "photo", MAX_PHOTO_BYTES));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Photos must be 10 MB or smaller.");
  });

  it("accepts a photo of exactly the limit", async () => {
    const req = multipartRequest([{ name: "photo", filename: "ok.jpg", data: Buffer.alloc(5000, 1) }]);
    expect((await readUploadedFile(req, "photo", 5000)).bytes.length).toBe(5000);
  });

  it("refuses on Content-Length before reading any of the body", async () => {
    const { stream, counter } = countingStream(50 * 1024 * 1024);
    const req = streamingRequest(stream, { "content-length": String(50 * 1024 * 1024) });
    expect((await appErrorOf(readUploadedFile(req, "photo", MAX_PHOTO_BYTES))).status).toBe(413);
    expect(counter.pulled).toBe(0);
  });

  it("stops reading a body without Content-Length as soon as it passes the limit", async () => {
    const maxBytes = 1024 * 1024;
    const { stream, counter } = countingStream(50 * 1024 * 1024);
    const error = await appErrorOf(readUploadedFile(streamingRequest(stream), "photo", maxBytes));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Photos must be 1 MB or smaller.");
    expect(counter.cancelled).toBe(true);
    // At most the limit plus the overhead plus one chunk (and what the stream had queued).
    expect(counter.pulled).toBeLessThanOrEqual(maxBytes + MULTIPART_OVERHEAD_BYTES + 3 * 64 * 1024);
  });

  it("answers 400 for a body that is not valid multipart", async () => {
    const req = new Request("http://localhost:3000/api/uploads", {
      method: "POST",
      body: "garbage without boundaries",
      headers: { "content-type": "multipart/form-data; boundary=----x" },
    });
    expect((await appErrorOf(readUploadedFile(req, "photo", 1024))).status).toBe(400);
  });
});
