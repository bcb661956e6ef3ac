import "server-only";
import { randomInt } from "node:crypto";

/** Every code takes 10% off the non-prescription lines of a first order (spec section 9). */
export const DISCOUNT_PERCENT = 10;

// No 0/O, 1/I/L: a code is typed from an email or read out.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/**
 * A personal code, "WELCOME-7K3Q9DMP" or "FRIEND-…": 31^8 ≈ 8.5 × 10^11 values, so codes
 * cannot be guessed by trying (checkout is also throttled); a unique index catches a repeat.
 */
export function newDiscountCode(prefix: "WELCOME" | "FRIEND"): string {
  let code = "";
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${code}`;
}

/** How a patient may type a code: any case, spaces around it. */
export function normalizeDiscountCode(input: string): string {
  return input.trim().toUpperCase();
}
