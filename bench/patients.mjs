// Bench helpers: patients made directly in the bench's scratch database (as
// e2e/support/users.ts does: argon2id with the server's parameters, so no rehash at
// login), their submitted prescription questionnaires, and sign-in through POST /api/login.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import argon2 from "argon2";
import pg from "pg";

export const PATIENT_PASSWORD = "plum orchard lantern 42";

// A valid path through the prescription questionnaire, stored as the app stores answers
// ({ "<step>": { choice, text } }); the same file the tests use.
const STORED_ANSWERS = JSON.stringify(JSON.parse(fs.readFileSync(new URL("../tests/fixtures/prescription-answers.json", import.meta.url), "utf8")));

/**
 * Creates `count` verified patients (one password hash for all), each with a submitted
 * prescription questionnaire when `questionnaire` is set, as the questionnaire form leaves
 * it before the checkout page. Returns [{ id, email, password, questionnaireId }].
 */
export async function createPatients(databaseUrl, { count, label, questionnaire = true }) {
  const passwordHash = await argon2.hash(PATIENT_PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const run = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const patients = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), email: `bench.${label}.${run}.${i + 1}@example.com`, password: PATIENT_PASSWORD, questionnaireId: questionnaire ? randomUUID() : null }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    // Timestamps in UTC, as Prisma stores them.
    await client.query(
      `INSERT INTO users (id, name, email, password_hash, email_verified_at, updated_at)
       SELECT id, 'Bench Patient', email, $3, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
       FROM unnest($1::uuid[], $2::text[]) AS t(id, email)`,
      [patients.map((p) => p.id), patients.map((p) => p.email), passwordHash],
    );
    if (questionnaire) {
      await client.query(
        `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, updated_at)
         SELECT qid, 'prescription', 1, uid, $3::jsonb, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
         FROM unnest($1::uuid[], $2::uuid[]) AS t(qid, uid)`,
        [patients.map((p) => p.questionnaireId), patients.map((p) => p.id), STORED_ANSWERS],
      );
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return patients;
}

/** A plain HTTP request (no Origin header, like any non-browser client); the body as text. */
export function request(url, { method = "GET", headers = {}, body, agent, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
    const req = http.request(url, { method, agent, timeout: timeoutMs, headers: { ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}), ...headers } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** The anonymous XSRF-TOKEN cookie value (GET /sanctum/csrf-cookie). */
export async function xsrfCookie(base) {
  const res = await request(`${base}/sanctum/csrf-cookie`);
  const cookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("XSRF-TOKEN="));
  if (!cookie) throw new Error(`GET /sanctum/csrf-cookie (${res.status}) set no XSRF-TOKEN cookie`);
  return cookie.split(";")[0].slice("XSRF-TOKEN=".length);
}

/**
 * Signs `patient` in through POST /api/login (from its own client address, `address`, as
 * the bench trusts one proxy hop). Returns the bearer token and the cookies the site set
 * (session, signed-in hint, known device) as one Cookie header.
 */
export async function signIn(base, patient, { xsrf, address }) {
  const res = await request(`${base}/api/login`, {
    method: "POST",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": decodeURIComponent(xsrf), "x-forwarded-for": address },
    body: { email: patient.email, password: patient.password },
  });
  if (res.status !== 200) throw new Error(`POST /api/login for ${patient.email} answered ${res.status}: ${res.text.slice(0, 200)}`);
  const token = JSON.parse(res.text).token;
  if (!token) throw new Error("POST /api/login answered no token");
  const cookies = [res.headers["set-cookie"] ?? []]
    .flat()
    .map((c) => c.split(";")[0])
    .filter((pair) => pair.includes("=") && pair.split("=")[1] !== "");
  return { token, cookie: cookies.join("; ") };
}

/** Signs every patient in, a few at a time (argon2 verification is deliberately slow). */
export async function signInAll(base, patients, { addressOf, concurrency = 4 }) {
  const xsrf = await xsrfCookie(base);
  const sessions = new Array(patients.length);
  let next = 0;
  const worker = async () => {
    while (next < patients.length) {
      const i = next++;
      sessions[i] = await signIn(base, patients[i], { xsrf, address: addressOf(i) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, patients.length) }, worker));
  return sessions;
}

/** A distinct client address per simulated patient (10.x.y.z, `block` keeps steps apart). */
export function patientAddress(block, i) {
  return `10.${block & 255}.${(i >> 8) & 255}.${i & 255}`;
}
