import "server-only";
import { randomInt } from "node:crypto";

// No 0/O, 1/I/L: a pharmacist may type the reference from paper or read it on the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * An issued prescription's reference, e.g. "RX-7K3Q-9DMW-T4HB": 12 characters of a
 * 31-letter alphabet, 31^12 ≈ 2^59.4 values, so references cannot be guessed to find a
 * prescription at /rx/{reference}. Drawn from the CSPRNG; the unique index is the backstop.
 */
export function newRxReference(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    let group = "";
    for (let i = 0; i < GROUP_LENGTH; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return `RX-${groups.join("-")}`;
}

/** The one-time dispensing code printed on the prescription: 8 random digits (leading zeros kept). */
export function newDispenseCode(): string {
  return String(randomInt(100_000_000)).padStart(8, "0");
}
