import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readJsonBody } from "@/lib/server/core/request/read-json-body";
import { fileFromForm, isMultipart, readMultipartForm, type UploadedFile } from "@/lib/server/services/uploads/read-uploaded-file";
import { MAX_PHOTO_BYTES } from "@/lib/server/services/uploads/upload-limits";
import { replyToPrescriberSchema, type ReplyToPrescriberInput } from "@/lib/validation/prescription-reply";

export type ReplyBody = ReplyToPrescriberInput & { photo: UploadedFile | null };

/**
 * The patient's answer from a request: multipart/form-data with `body` and an optional
 * `photo` (the dashboard's form), or JSON { body } (API clients). The multipart body is
 * never held beyond 10 MB + 64 KB (413); the text is checked with the shared schema (422).
 * The photo's bytes are not checked here: storeImage() does that (415/422).
 */
export async function readReplyBody(req: Request): Promise<ReplyBody> {
  if (/^application\/json\b/i.test(req.headers.get("content-type") ?? "")) return { ...validate(await readJsonBody(req)), photo: null };
  if (!isMultipart(req)) throw new AppError("unsupported_media_type", "Send your answer as multipart/form-data (with an optional photo) or as JSON.");
  const form = await readMultipartForm(req, MAX_PHOTO_BYTES);
  const text = form?.get("body");
  const fields = validate({ body: typeof text === "string" ? text : undefined });
  return { ...fields, photo: form ? await fileFromForm(form, "photo", MAX_PHOTO_BYTES) : null };
}

function validate(input: unknown): ReplyToPrescriberInput {
  const parsed = replyToPrescriberSchema.safeParse(input && typeof input === "object" ? input : {});
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "Please write your answer to the prescriber.";
  throw new AppError("validation_failed", message, { body: [message] });
}
