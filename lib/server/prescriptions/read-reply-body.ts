import "server-only";
import { AppError } from "@/lib/server/errors";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { asBody } from "@/lib/server/uploads/as-body";
import { MULTIPART_OVERHEAD_BYTES, type UploadedFile } from "@/lib/server/uploads/read-uploaded-file";
import { sanitiseFilename } from "@/lib/server/uploads/sanitise-filename";
import { MAX_PHOTO_BYTES, photoTooLarge } from "@/lib/server/uploads/upload-limits";
import { replyToPrescriberSchema, type ReplyToPrescriberInput } from "@/lib/validation/prescription-reply";

export type ReplyBody = ReplyToPrescriberInput & { photo: UploadedFile | null };

/**
 * The patient's answer from a request: multipart/form-data with `body` and an optional
 * `photo` (the dashboard's form), or JSON { body } (API clients). The multipart body is
 * never held beyond 10 MB + 64 KB (413); the text is checked with the shared schema (422).
 * The photo's bytes are not checked here: storeImage() does that (415/422).
 */
export async function readReplyBody(req: Request): Promise<ReplyBody> {
  const type = req.headers.get("content-type") ?? "";
  if (/^application\/json\b/i.test(type)) return { ...validate(await readJsonBody(req)), photo: null };
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send your answer as multipart/form-data (with an optional photo) or as JSON.");
  }
  const form = await readForm(req, type);
  const text = form.get("body");
  const fields = validate({ body: typeof text === "string" ? text : undefined });
  const file = form.get("photo");
  if (!(file instanceof Blob) || file.size === 0) return { ...fields, photo: null };
  if (file.size > MAX_PHOTO_BYTES) throw photoTooLarge(MAX_PHOTO_BYTES);
  const name = "name" in file && typeof file.name === "string" ? file.name : "";
  return { ...fields, photo: { bytes: Buffer.from(await file.arrayBuffer()), filename: sanitiseFilename(name) } };
}

function validate(input: unknown): ReplyToPrescriberInput {
  const parsed = replyToPrescriberSchema.safeParse(input && typeof input === "object" ? input : {});
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "Please write your answer to the prescriber.";
  throw new AppError("validation_failed", message, { body: [message] });
}

async function readForm(req: Request, type: string): Promise<FormData> {
  const limit = MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES;
  if (Number(req.headers.get("content-length") ?? "0") > limit) throw photoTooLarge(MAX_PHOTO_BYTES);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw photoTooLarge(MAX_PHOTO_BYTES);
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(asBody(Buffer.concat(chunks, size)), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("bad_request", "Your answer could not be read. Please try again.");
  }
}
