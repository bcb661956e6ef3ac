import "server-only";
import { randomBytes } from "node:crypto";
import argon2 from "argon2";

// argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1). Raising these later is safe:
// verify() reads the parameters from the stored hash, and needsRehash() tells when to upgrade.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (no such account) it still runs one
 * full argon2 verification against a throw-away hash, so an unknown email takes as long to
 * refuse as a wrong password and timing does not reveal which accounts exist.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  const target = hash ?? (await (dummyHash ??= hashPassword(randomBytes(16).toString("hex"))));
  try {
    const matches = await argon2.verify(target, password);
    return hash !== null && matches;
  } catch {
    return false;
  }
}
