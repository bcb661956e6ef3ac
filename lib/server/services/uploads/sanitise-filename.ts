import "server-only";

const MAX_LENGTH = 120;
// Control characters, characters Windows refuses in names, and the bidirectional overrides
// that make "gpj.exe" display as "exe.jpg".
const UNSAFE = /[\u0000-\u001f\u007f-\u009f"*:<>?|\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A display name for an uploaded file: the last path segment only, without control or
 * direction-changing characters, at most 120 characters. Never used as a storage key.
 */
export function sanitiseFilename(name: string, fallback = "photo"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.normalize("NFC").replace(UNSAFE, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "");
  const short = Array.from(cleaned).slice(0, MAX_LENGTH).join("").trim();
  return short || fallback;
}
