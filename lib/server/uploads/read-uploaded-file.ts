import "server-only";
import { AppError } from "@/lib/server/errors";
import { asBody } from "./as-body";
import { sanitiseFilename } from "./sanitise-filename";
import { photoTooLarge } from "./upload-limits";

/** Room for the multipart boundaries, part headers and a few small text fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export type UploadedFile = { bytes: Buffer; filename: string };

/**
 * Reads the file in `field` from a multipart/form-data request. Never holds more than
 * maxBytes + 64 KB of the body: a larger Content-Length is refused before reading, and a
 * body that grows past the limit while streaming is cancelled (413 either way).
 * The bytes are not checked here; pass them to sanitiseImage() or storeImage().
 */
export async function readUploadedFile(req: Request, field: string, maxBytes: number): Promise<UploadedFile> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the photo as a multipart/form-data upload.");
  }
  const limit = maxBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw photoTooLarge(maxBytes);

  const body = await readCapped(req, limit, maxBytes);
  if (body.length === 0) throw missingFile(field);
  let form: FormData;
  try {
    form = await new Response(asBody(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read. Please choose the photo again.");
  }
  const file = form.get(field);
  if (!(file instanceof Blob) || file.size === 0) throw missingFile(field);
  if (file.size > maxBytes) throw photoTooLarge(maxBytes);
  const name = "name" in file && typeof file.name === "string" ? file.name : "";
  return { bytes: Buffer.from(await file.arrayBuffer()), filename: sanitiseFilename(name) };
}

function missingFile(field: string) {
  return new AppError("validation_failed", "Choose a photo to upload.", { [field]: ["Choose a photo to upload."] });
}

async function readCapped(req: Request, limit: number, maxBytes: number): Promise<Buffer> {
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw photoTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
