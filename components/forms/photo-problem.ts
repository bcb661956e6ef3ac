const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const PHOTO_TYPES = ["image/jpeg", "image/png"];

/** What is wrong with a chosen photo before it is sent (the server checks the bytes again), or null. */
export function photoProblem(file: File | null, missing = "Choose your photo to send."): string | null {
  if (!file || file.size === 0) return missing;
  if (!PHOTO_TYPES.includes(file.type)) return "Please choose a JPEG or PNG image.";
  if (file.size > MAX_PHOTO_BYTES) return "The photo must be 10 MB or smaller.";
  return null;
}
