import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readCappedBody } from "@/lib/server/core/request/read-capped-body";
import { asBody } from "./as-body";
import { sanitiseFilename } from "./sanitise-filename";
import { photoTooLarge } from "./upload-limits";

/** Room for the multipart boundaries, part headers and a few small text fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export type UploadedFile = { bytes: Buffer; filename: string };

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\s*;.*\bboundary=/i.test(req.headers.get("content-type") ?? "");
}

/**
 * A multipart/form-data request's form, never holding more than maxBytes + 64 KB of the
 * body: a larger Content-Length is refused before reading, and a body that grows past the
 * limit while streaming is cancelled (413 either way). Null for an empty body.
 */
export async function readMultipartForm(req: Request, maxBytes: number): Promise<FormData | null> {
  if (!isMultipart(req)) throw new AppError("unsupported_media_type", "Send the photo as a multipart/form-data upload.");
  const body = await readCappedBody(req, maxBytes + MULTIPART_OVERHEAD_BYTES, () => photoTooLarge(maxBytes));
  if (body.length === 0) return null;
  try {
    return await new Response(asBody(body), { headers: { "content-type": req.headers.get("content-type")! } }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read. Please choose the photo again.");
  }
}

/** The file in a form's `field`, or null when the field is missing, text or empty. */
export async function fileFromForm(form: FormData, field: string, maxBytes: number): Promise<UploadedFile | null> {
  const file = form.get(field);
  if (!(file instanceof Blob) || file.size === 0) return null;
  if (file.size > maxBytes) throw photoTooLarge(maxBytes);
  const name = "name" in file && typeof file.name === "string" ? file.name : "";
  return { bytes: Buffer.from(await file.arrayBuffer()), filename: sanitiseFilename(name) };
}

/**
 * Reads the file in `field` from a multipart/form-data request (see readMultipartForm for
 * the size limits; 422 when there is no file). The bytes are not checked here: pass them
 * to sanitiseImage() or storeImage().
 */
export async function readUploadedFile(req: Request, field: string, maxBytes: number): Promise<UploadedFile> {
  const form = await readMultipartForm(req, maxBytes);
  const file = form ? await fileFromForm(form, field, maxBytes) : null;
  if (!file) throw new AppError("validation_failed", "Choose a photo to upload.", { [field]: ["Choose a photo to upload."] });
  return file;
}
