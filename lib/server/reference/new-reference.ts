import "server-only";
import { randomInt } from "node:crypto";

// No 0/O, 1/I/L: a reference is read out on the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** "HC-7K3Q9D": 31^6 ≈ 887 million values per prefix; a unique index catches the rare repeat. */
export function newReference(prefix: string): string {
  let code = "";
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${code}`;
}
