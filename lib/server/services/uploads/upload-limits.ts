import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";

/** The largest photo a patient may upload (issue 10: at most 10 MB each). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Decoded size above which an image is refused as a decompression bomb (40 megapixels). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored photos are scaled down to fit this many pixels on their long side. */
export const MAX_LONG_SIDE = 4000;

export function photoTooLarge(maxBytes: number) {
  return new AppError("payload_too_large", `Photos must be ${formatMegabytes(maxBytes)} or smaller.`);
}

export function notAnImage() {
  return new AppError("unsupported_media_type", "Photos must be JPEG or PNG images.");
}

export function unreadableImage() {
  return new AppError("validation_failed", "We could not read that image. Please upload a JPEG or PNG photo.");
}

function formatMegabytes(bytes: number) {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
