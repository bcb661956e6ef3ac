import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import { readCappedBody } from "./read-capped-body";

const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** Reads a JSON body, refusing more than `maxBytes` before buffering it all. */
export async function readJsonBody(req: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  const text = (await readCappedBody(req, maxBytes, () => tooLarge(maxBytes))).toString("utf8");
  if (!text.trim()) throw new AppError("bad_request", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
}

function tooLarge(maxBytes: number) {
  return new AppError("payload_too_large", `The request body is too large (limit ${Math.floor(maxBytes / 1024)} KB).`);
}
