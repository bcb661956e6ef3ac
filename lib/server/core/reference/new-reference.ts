import "server-only";
import { randomInt } from "node:crypto";

// No 0/O, 1/I/L: a reference is read out on the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Draws before giving up: at a million orders a draw is taken 1 time in 887, so five all taken is about 1 in 5 × 10¹⁴. */
const DRAWS = 5;

/** "HC-7K3Q9D": 31^6 ≈ 887 million values per prefix. */
function newReference(prefix: string): string {
  let code = "";
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${code}`;
}

/**
 * A reference no record has yet: drawn again while `isTaken` (a look-up by the unique column,
 * inside the caller's transaction) finds it used. Six characters stay short enough to read
 * out, but a year's million orders take one draw in 887: without this, that insert hit the
 * unique index and the request failed (the bench's paid-invoice webhook at factor 1). Two
 * transactions drawing the same free code at the same moment still meet the unique index.
 */
export async function freeReference(prefix: string, isTaken: (reference: string) => Promise<boolean>): Promise<string> {
  for (let draw = 0; draw < DRAWS; draw += 1) {
    const reference = newReference(prefix);
    if (!(await isTaken(reference))) return reference;
  }
  throw new Error(`No free ${prefix} reference in ${DRAWS} draws`);
}
