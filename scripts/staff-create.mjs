// `npm run staff:create`: creates (or updates) a staff account for the staff area (/staff).
//
//   npm run staff:create -- --email rx@example.com --name "Dr Sam Patel" --role PRESCRIBER \
//     --registration-body GMC --registration-number 7654321
//
// Roles: PHARMACIST, PRESCRIBER, ADMIN. The password is read from STAFF_PASSWORD, else asked
// for on the terminal (not echoed); 12 to 128 characters. An existing account with that
// email gets the role and profile (and the new password); its other sessions are signed out.
// Uses DATABASE_URL, else the embedded database (like npm start).
import argon2 from "argon2";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import pg from "pg";
import { applyMigrations } from "../server/lib/schema-engine.mjs";
import { resolveDatabase } from "../server/lib/database.mjs";

const ROLES = ["PHARMACIST", "PRESCRIBER", "ADMIN"];
// The server's own argon2id parameters (lib/server/auth/password.ts).
const HASH = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
    "registration-body": { type: "string" },
    "registration-number": { type: "string" },
  },
});

function fail(message) {
  console.error(message);
  process.exit(1);
}

const email = values.email?.trim().toLowerCase();
const name = values.name?.trim();
const role = values.role?.trim().toUpperCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail("Give the staff member's email: --email name@example.com");
if (!name) fail('Give their name as printed on prescriptions: --name "Dr Sam Patel"');
if (!ROLES.includes(role ?? "")) fail(`Give a role: --role ${ROLES.join(" | ")}`);
const body = values["registration-body"]?.trim();
const number = values["registration-number"]?.trim();
if (role === "PRESCRIBER" && (!body || !number)) fail("A prescriber needs --registration-body (e.g. GMC, GPhC, NMC) and --registration-number.");

const password = process.env.STAFF_PASSWORD ?? (await askHidden("Password (12+ characters): "));
if (password.length < 12 || password.length > 128) fail("The password must be 12 to 128 characters.");

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
  if (body && number) {
    await client.query(
      `INSERT INTO staff_profiles (user_id, registration_body, registration_number, updated_at) VALUES ($1, $2, $3, now() AT TIME ZONE 'UTC')
       ON CONFLICT (user_id) DO UPDATE SET registration_body = EXCLUDED.registration_body, registration_number = EXCLUDED.registration_number, updated_at = EXCLUDED.updated_at`,
      [id, body, number],
    );
  }
  if (!created) await client.query(`UPDATE auth_sessions SET revoked_at = now() AT TIME ZONE 'UTC' WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
  await client.query("COMMIT");
  console.log(`${created ? "Created" : "Updated"} ${role.toLowerCase()} ${name} <${email}>. They sign in at /login and work at /staff.`);
} catch (error) {
  await client.query("ROLLBACK").catch(() => {});
  fail(`Could not save the staff account: ${error.message}`);
} finally {
  await client.end();
  await database.stop();
}

function askHidden(question) {
  if (!process.stdin.isTTY) fail("Set STAFF_PASSWORD, or run this in a terminal to type the password.");
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    rl._writeToOutput = (text) => rl.output.write(text.startsWith(question) ? text : "");
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}
