import { randomInt } from "node:crypto";
import { hashPassword } from "@/lib/server/auth/password";
import { newTotpSecret, sealTotpSecret } from "@/lib/server/auth/second-factor/totp";
import type { StaffRole } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
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

/**
 * A community pharmacy's account (role PHARMACY) with its premises and responsible
 * pharmacist, as `npm run staff:create -- --role PHARMACY` makes it, a known password and an
 * authenticator set up (`totpSecret`): a pharmacy signs in with a second factor like staff.
 */
async function createPharmacy(overrides: { name?: string; email?: string; premisesNumber?: string } = {}) {
  const name = overrides.name ?? "Camden Pharmacy";
  const profile = {
    name,
    premisesNumber: overrides.premisesNumber ?? String(randomInt(1_000_000, 10_000_000)),
    address: "1 High Street, London NW1 1AA",
    responsiblePharmacistName: "Priya Shah",
    responsiblePharmacistNumber: String(randomInt(2_000_000, 3_000_000)),
  };
  const totpSecret = newTotpSecret();
  const user = await db.user.create({
    data: {
      name,
      email: overrides.email ?? uniqueEmail("pharmacy"),
      passwordHash: await hashPassword(TEST_PASSWORD),
      emailVerifiedAt: new Date(),
      role: "PHARMACY",
      totpSecret: sealTotpSecret(totpSecret),
      totpEnabledAt: new Date(),
      pharmacy: { create: profile },
    },
    select: { id: true, name: true, email: true },
  });
  return { ...user, role: "PHARMACY" as const, password: TEST_PASSWORD, totpSecret, pharmacy: profile };
}

/** A pharmacy account, signed in through POST /api/login and its second step: its cookies and bearer token. */
export async function signedInPharmacy(overrides: { name?: string; email?: string; premisesNumber?: string } = {}) {
  const pharmacy = await createPharmacy(overrides);
  const { cookies, token } = await signIn(pharmacy);
  return { pharmacy, cookies, token };
}
