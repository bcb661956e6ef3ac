import { randomInt } from "node:crypto";
import { hashPassword } from "@/lib/server/auth/password";
import { newTotpSecret, sealTotpSecret } from "@/lib/server/auth/totp";
import type { StaffRole } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { uniqueEmail } from "./guest";
import { signIn, TEST_PASSWORD } from "./user";

const DEFAULT_NAMES: Record<StaffRole, string> = { PRESCRIBER: "Sam Patel", ADMIN: "Jo Admin", PHARMACIST: "Lee Chemist" };

/**
 * A member of staff with a known password and an authenticator already set up (`totpSecret`,
 * for tests/support/totp.ts; `enrolled: false` leaves it for their first sign-in). With a
 * profile (the default) they are registered with the GMC under a random 7-digit number, which
 * is what an issued prescription prints.
 */
export async function createStaff(role: StaffRole, withProfile = true, overrides: { name?: string; email?: string; enrolled?: boolean } = {}) {
  const registrationNumber = String(randomInt(1_000_000, 10_000_000));
  const totpSecret = overrides.enrolled === false ? null : newTotpSecret();
  const user = await db.user.create({
    data: {
      name: overrides.name ?? DEFAULT_NAMES[role],
      email: overrides.email ?? uniqueEmail(role.toLowerCase()),
      passwordHash: await hashPassword(TEST_PASSWORD),
      emailVerifiedAt: new Date(),
      role,
      ...(totpSecret ? { totpSecret: sealTotpSecret(totpSecret), totpEnabledAt: new Date() } : {}),
      ...(withProfile ? { staffProfile: { create: { registrationBody: "GMC", registrationNumber } } } : {}),
    },
    select: { id: true, name: true, email: true },
  });
  return { ...user, role, password: TEST_PASSWORD, totpSecret, registration: withProfile ? `GMC ${registrationNumber}` : null };
}

/** A member of staff, signed in through POST /api/login and its second step: their cookies and bearer token. */
export async function signedInStaff(role: StaffRole, withProfile = true, overrides: { name?: string; email?: string } = {}) {
  const staff = await createStaff(role, withProfile, overrides);
  const { cookies, token } = await signIn(staff);
  return { staff, cookies, token };
}
