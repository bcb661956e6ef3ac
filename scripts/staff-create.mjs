// `npm run staff:create`: creates (or updates) a staff account for the staff area (/staff), or
// a community pharmacy's account for dispensing prescriptions at /rx/{reference}.
//
//   npm run staff:create -- --email rx@example.com --name "Dr Sam Patel" --role PRESCRIBER \
//     --registration-body GMC --registration-number 7654321
//   npm run staff:create -- --email camden@example.com --name "Camden Pharmacy" --role PHARMACY \
//     --premises-number 1234567 --address "1 High Street, London NW1 1AA" \
//     --pharmacist-name "Priya Shah" --pharmacist-registration 2087654
//
// Roles: PHARMACIST, PRESCRIBER, ADMIN, PHARMACY. A pharmacy's --name is the pharmacy's name;
// it needs its GPhC premises number and its responsible pharmacist's name and GPhC
// registration number (7 digits each), recorded with everything it dispenses. The password is read from STAFF_PASSWORD, else asked
// for on the terminal (not echoed); 12 to 128 characters. An existing account with that
// email gets the role and profile (and the new password); its other sessions are signed out.
// Uses DATABASE_URL, else the embedded database (like npm start).
//
// Every staff account signs in with a second factor. An account without one is enrolled here:
// the authenticator secret (as text and as an otpauth:// URI for a QR code) and ten one-time
// recovery codes are printed once; hand them to the staff member privately. The secret is
// stored encrypted with TOTP_ENCRYPTION_KEY (generated in .data/local-secrets.json for local
// runs, like npm start), the codes as hashes. An account that has one keeps it (an admin
// resets it in /staff/staff-members).
import argon2 from "argon2";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { generateSecret, generateURI } from "otplib";
import pg from "pg";
import { encryptTotpSecret, hashRecoveryCode, newRecoveryCodes } from "../lib/security/second-factor-secrets.mjs";
import { applyLocalSecrets } from "../server/runtime/local-secrets.mjs";
import { applyMigrations } from "../server/runtime/schema-engine.mjs";
import { resolveDatabase } from "../server/runtime/database.mjs";

const ROLES = ["PHARMACIST", "PRESCRIBER", "ADMIN", "PHARMACY"];
const GPHC_NUMBER = /^\d{7}$/;
// The server's own argon2id parameters (lib/server/auth/password.ts).
/** @type {import("argon2").HashOptions} */
const HASH = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
    "registration-body": { type: "string" },
    "registration-number": { type: "string" },
    "premises-number": { type: "string" },
    address: { type: "string" },
    "pharmacist-name": { type: "string" },
    "pharmacist-registration": { type: "string" },
  },
});

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(1);
}

const email = values.email?.trim().toLowerCase();
const name = values.name?.trim();
const role = values.role?.trim().toUpperCase() ?? "";
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail("Give the staff member's email: --email name@example.com");
if (!name) fail('Give their name as printed on prescriptions: --name "Dr Sam Patel"');
if (!ROLES.includes(role)) fail(`Give a role: --role ${ROLES.join(" | ")}`);
const body = values["registration-body"]?.trim();
const number = values["registration-number"]?.trim();
if (role === "PRESCRIBER" && (!body || !number)) fail("A prescriber needs --registration-body (e.g. GMC, GPhC, NMC) and --registration-number.");
const pharmacy = role === "PHARMACY" ? pharmacyProfile() : null;

const password = process.env.STAFF_PASSWORD ?? (await askHidden("Password (12+ characters): "));
if (password.length < 12 || password.length > 128) fail("The password must be 12 to 128 characters.");

applyLocalSecrets();
const totpKey = process.env.TOTP_ENCRYPTION_KEY;
if (!totpKey) fail("Set TOTP_ENCRYPTION_KEY (the app's key for second-factor secrets) to create staff accounts.");

const database = await resolveDatabase({ purpose: "app", quiet: true });
// Idempotent: a fresh checkout can create its first staff account before its first npm start.
await applyMigrations({ url: database.url });
const client = new pg.Client({ connectionString: database.url });
await client.connect();
try {
  await client.query("BEGIN");
  const hash = await argon2.hash(password, HASH);
  const { rows } = await client.query(
    `INSERT INTO users (id, name, email, password_hash, role, email_verified_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::"UserRole", now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
     ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, password_hash = EXCLUDED.password_hash, role = EXCLUDED.role,
       email_verified_at = COALESCE(users.email_verified_at, EXCLUDED.email_verified_at), updated_at = EXCLUDED.updated_at
     RETURNING id, (xmax = 0) AS created`,
    [randomUUID(), name, email, hash, role],
  );
  const { id, created } = rows[0];
  if (pharmacy) {
    await client.query(
      `INSERT INTO pharmacies (user_id, premises_number, name, address, responsible_pharmacist_name, responsible_pharmacist_number, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() AT TIME ZONE 'UTC')
       ON CONFLICT (user_id) DO UPDATE SET premises_number = EXCLUDED.premises_number, name = EXCLUDED.name, address = EXCLUDED.address,
         responsible_pharmacist_name = EXCLUDED.responsible_pharmacist_name, responsible_pharmacist_number = EXCLUDED.responsible_pharmacist_number,
         updated_at = EXCLUDED.updated_at`,
      [id, pharmacy.premisesNumber, name, pharmacy.address, pharmacy.pharmacistName, pharmacy.pharmacistNumber],
    );
  } else {
    // Another role: the account no longer dispenses as a pharmacy.
    await client.query(`DELETE FROM pharmacies WHERE user_id = $1`, [id]);
  }
  if (body && number) {
    await client.query(
      `INSERT INTO staff_profiles (user_id, registration_body, registration_number, updated_at) VALUES ($1, $2, $3, now() AT TIME ZONE 'UTC')
       ON CONFLICT (user_id) DO UPDATE SET registration_body = EXCLUDED.registration_body, registration_number = EXCLUDED.registration_number, updated_at = EXCLUDED.updated_at`,
      [id, body, number],
    );
  }
  if (!created) await client.query(`UPDATE auth_sessions SET revoked_at = now() AT TIME ZONE 'UTC' WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
  const enrolment = await enrolSecondFactor(client, id, { key: totpKey, label: email });
  await client.query("COMMIT");
  const workplace = pharmacy ? "/pharmacy (and dispense at /rx/{reference})" : "/staff";
  console.log(`${created ? "Created" : "Updated"} ${role.toLowerCase()} ${name} <${email}>. They sign in at /login and work at ${workplace}.`);
  if (enrolment) {
    console.log(`\nSecond factor (shown once; give it to them privately):`);
    console.log(`  Authenticator secret: ${enrolment.secret}`);
    console.log(`  otpauth URI (for a QR code): ${enrolment.uri}`);
    console.log(`  Recovery codes (each works once):\n${enrolment.recoveryCodes.map((code) => `    ${code}`).join("\n")}`);
  } else {
    console.log("Their authenticator app is unchanged.");
  }
} catch (error) {
  await client.query("ROLLBACK").catch(() => {});
  fail(`Could not save the staff account: ${/** @type {Error} */ (error).message}`);
} finally {
  await client.end();
  await database.stop();
}

/** A pharmacy's premises and responsible pharmacist, from the arguments, or the sentence saying what is missing. */
function pharmacyProfile() {
  const premisesNumber = values["premises-number"]?.trim();
  const address = values.address?.trim();
  const pharmacistName = values["pharmacist-name"]?.trim();
  const pharmacistNumber = values["pharmacist-registration"]?.trim();
  if (!premisesNumber || !GPHC_NUMBER.test(premisesNumber)) fail("A pharmacy needs its GPhC premises number (7 digits): --premises-number 1234567");
  if (!address) fail('A pharmacy needs its address: --address "1 High Street, London NW1 1AA"');
  if (!pharmacistName) fail('A pharmacy needs its responsible pharmacist\'s name: --pharmacist-name "Priya Shah"');
  if (!pharmacistNumber || !GPHC_NUMBER.test(pharmacistNumber)) fail("A pharmacy needs its responsible pharmacist's GPhC registration number (7 digits): --pharmacist-registration 2087654");
  return { premisesNumber, address, pharmacistName, pharmacistNumber };
}

/**
 * Enrols an account that has no second factor yet; null when it has one.
 * @param {pg.Client} client
 * @param {string} userId
 * @param {{ key: string, label: string }} totp TOTP_ENCRYPTION_KEY, and the account's email as the authenticator's label
 */
async function enrolSecondFactor(client, userId, { key, label }) {
  const secret = generateSecret();
  const { rowCount } = await client.query(
    `UPDATE users SET totp_secret = $2, totp_enabled_at = now() AT TIME ZONE 'UTC', totp_last_step = NULL WHERE id = $1 AND totp_enabled_at IS NULL`,
    [userId, encryptTotpSecret(secret, key)],
  );
  if (rowCount !== 1) return null;
  const recoveryCodes = newRecoveryCodes();
  await client.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
  for (const code of recoveryCodes) {
    await client.query(`INSERT INTO recovery_codes (id, user_id, code_hash) VALUES ($1, $2, $3)`, [randomUUID(), userId, hashRecoveryCode(code)]);
  }
  const uri = generateURI({ issuer: process.env.SITE_NAME ?? "Hairline Clinic", label, secret });
  return { secret, uri, recoveryCodes };
}

/**
 * @param {string} question
 * @returns {Promise<string>}
 */
function askHidden(question) {
  if (!process.stdin.isTTY) fail("Set STAFF_PASSWORD, or run this in a terminal to type the password.");
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // readline cannot hide what is typed; its internal _writeToOutput then echoes the question only.
    const internals = /** @type {{ _writeToOutput: (text: string) => void, output: NodeJS.WritableStream }} */ (/** @type {unknown} */ (rl));
    internals._writeToOutput = (text) => internals.output.write(text.startsWith(question) ? text : "");
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}
