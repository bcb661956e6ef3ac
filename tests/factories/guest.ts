import { randomBytes } from "node:crypto";

/** A fresh, well-formed guest id (what the guest cookie carries). */
export function makeGuestId(): string {
  return randomBytes(32).toString("base64url");
}

let sequence = 0;
/** A unique email address for one test. */
export function uniqueEmail(prefix = "patient"): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}.${sequence}.${randomBytes(3).toString("hex")}@example.com`;
}
