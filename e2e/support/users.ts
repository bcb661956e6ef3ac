import argon2 from "argon2";
import { createCipheriv, randomBytes } from "node:crypto";
import { generateSecret } from "otplib";
import pg from "pg";
import type { Page } from "@playwright/test";
import { totpCode } from "../../tests/support/totp";

/** `totpSecret`: the authenticator secret of an account with a second factor (all staff). */
export type TestUser = { name: string; email: string; password: string; verified: boolean; totpSecret?: string };

// PHARMACY is not staff (no /staff), but signs in with a second factor like staff.
export type StaffRole = "PHARMACIST" | "PRESCRIBER" | "ADMIN" | "PHARMACY";

let counter = 0;

/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now()}.${counter}@example.com`;
}

/**
 * Creates an account directly in the e2e database, its address verified unless
 * `verified: false`. Registration through the UI is throttled (5 per client address per
 * hour, and every e2e request comes from 127.0.0.1), so only the journeys that are about
 * registering use the form.
 */
export async function createUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = { name: "Alex Morgan", email: uniqueEmail("user"), password: "plum orchard lantern 42", verified: true, ...overrides };
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: run the browser tests through `npm run test:e2e`.");
  // The server's own parameters (lib/server/auth/password.ts), so no rehash happens at login.
  const passwordHash = await argon2.hash(user.password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(
      // Timestamps in UTC, as Prisma stores them.
      `INSERT INTO users (id, name, email, password_hash, email_verified_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, CASE WHEN $4::boolean THEN now() AT TIME ZONE 'UTC' END, now() AT TIME ZONE 'UTC')`,
      [user.name, user.email.toLowerCase(), passwordHash, user.verified],
    );
  } finally {
    await client.end();
  }
  return user;
}

/**
 * After a navigation the tests did not start with page.goto (a redirect by
 * window.location.assign, a followed link): wait until React has hydrated the page's form,
 * so a click submits through JavaScript and never as a plain HTML form.
 */
export async function waitForHydratedForm(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector("main form button[type=submit]");
    return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

export type TestPharmacy = TestUser & { pharmacyName: string; premisesNumber: string; pharmacistName: string; pharmacistNumber: string };

/**
 * A community pharmacy's account (role PHARMACY) with its premises and responsible
 * pharmacist and an authenticator, as `npm run staff:create -- --role PHARMACY` makes it.
 */
export async function createPharmacyUser(overrides: Partial<Pick<TestPharmacy, "pharmacyName" | "premisesNumber">> = {}): Promise<TestPharmacy> {
  const pharmacyName = overrides.pharmacyName ?? "Camden Pharmacy";
  const user = await makeStaff(await createUser({ name: pharmacyName, email: uniqueEmail("pharmacy") }), "PHARMACY");
  const pharmacy: TestPharmacy = { ...user, pharmacyName, premisesNumber: overrides.premisesNumber ?? "1234567", pharmacistName: "Priya Shah", pharmacistNumber: "2087654" };
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO pharmacies (user_id, premises_number, name, address, responsible_pharmacist_name, responsible_pharmacist_number, updated_at)
       VALUES ($1, $2, $3, '1 High Street, London NW1 1AA', $4, $5, now() AT TIME ZONE 'UTC')`,
      [user.id, pharmacy.premisesNumber, pharmacyName, pharmacy.pharmacistName, pharmacy.pharmacistNumber],
    );
  } finally {
    await client.end();
  }
  return pharmacy;
}

/**
 * Gives an account created by createUser a staff role and an authenticator with a known
 * secret (stored as lib/security/second-factor-secrets.mjs stores it, encrypted with the
 * server's TOTP_ENCRYPTION_KEY), so logIn can type a code. `enrolled: false` leaves the
 * authenticator to be set up at the first sign-in. Returns the user and its id.
 */
export async function makeStaff(user: TestUser, role: StaffRole, { enrolled = true } = {}): Promise<TestUser & { id: string }> {
  const totpSecret = enrolled ? generateSecret() : undefined;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `UPDATE users SET role = $2::"UserRole", totp_secret = $3, totp_enabled_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() AT TIME ZONE 'UTC' END
       WHERE email = $1 RETURNING id::text`,
      [user.email.toLowerCase(), role, totpSecret ? sealTotpSecret(totpSecret) : null],
    );
    return { ...user, totpSecret, id: rows[0]!.id };
  } finally {
    await client.end();
  }
}

function sealTotpSecret(secret: string): string {
  const key = Buffer.from(process.env.TOTP_ENCRYPTION_KEY ?? "", "base64url");
  if (key.length !== 32) throw new Error("TOTP_ENCRYPTION_KEY is not set: run the browser tests through `npm run test:e2e`.");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** After the password, for an account with an authenticator: types a current code on the login page's second step. */
export async function enterSecondFactor(page: Page, user: TestUser): Promise<void> {
  if (!user.totpSecret) return;
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Authentication code" }).fill(await totpCode(user.totpSecret));
  await main.getByRole("button", { name: "Verify and sign in" }).click();
}

/**
 * The patient verified their identity (as the provider's verified webhook records it) with a
 * document in this name and date of birth: for journeys about another part of the review. The
 * identity journey itself (e2e/identity.spec.ts) goes through the provider's page.
 */
export async function verifyIdentity(user: TestUser, document: { firstName: string; lastName: string; dateOfBirth: string }): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO identity_verifications (id, user_id, provider_session_id, status, verified_first_name, verified_last_name, date_of_birth, updated_at, verified_at)
       SELECT gen_random_uuid(), id, 'vs_e2e_' || replace(gen_random_uuid()::text, '-', ''), 'VERIFIED', $2, $3, $4, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
       FROM users WHERE email = $1`,
      [user.email.toLowerCase(), document.firstName, document.lastName, document.dateOfBirth],
    );
  } finally {
    await client.end();
  }
}
