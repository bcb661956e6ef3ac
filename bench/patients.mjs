// Bench helpers: patients made in the bench's scratch database by the tests' factory
// (tests/factories/patients.ts, through bench/seed-patients.ts), and sign-in through
// POST /api/login.
import { execFile } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";

export const PATIENT_PASSWORD = "plum orchard lantern 42";

/** @typedef {import("../tests/factories/patients").Patient} Patient A patient the tests' factory made (bench/seed-patients.ts prints them). */
/** @typedef {{ token: string, cookie: string }} Session A signed-in patient: the bearer token, and the site's cookies as one Cookie header. */
/** @typedef {{ status: number | undefined, headers: import("node:http").IncomingHttpHeaders, text: string }} PlainResponse */

/**
 * Creates `count` verified patients (one password for all), each with a submitted
 * prescription questionnaire when `questionnaire` is set, as the questionnaire form leaves
 * it before the checkout page. Returns [{ id, email, password, questionnaireId }].
 * @param {string} databaseUrl
 * @param {{ count: number, label: string, questionnaire?: boolean }} options
 * @returns {Promise<Patient[]>}
 */
export async function createPatients(databaseUrl, { count, label, questionnaire = true }) {
  const options = { count, label: `bench.${label}`, name: "Bench Patient", password: PATIENT_PASSWORD, questionnaire };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "seed-patients.ts"), JSON.stringify(options)],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

/**
 * One patient, as createPatients makes them.
 * @param {string} databaseUrl
 * @param {{ label: string, questionnaire?: boolean }} options
 */
export async function createPatient(databaseUrl, { label, questionnaire }) {
  const [patient] = await createPatients(databaseUrl, { count: 1, label, questionnaire });
  if (!patient) throw new Error("bench/seed-patients.ts made no patient");
  return patient;
}

/**
 * A plain HTTP request (no Origin header, like any non-browser client); the body as text.
 * @param {string} url
 * @param {{ method?: string, headers?: import("node:http").OutgoingHttpHeaders, body?: unknown, agent?: import("node:http").Agent, timeoutMs?: number }} [options]
 *   body: a string as it is, anything else as JSON
 * @returns {Promise<PlainResponse>}
 */
export function request(url, { method = "GET", headers = {}, body, agent, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
    const req = http.request(url, { method, agent, timeout: timeoutMs, headers: { ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}), ...headers } }, (res) => {
      /** @type {Buffer[]} */
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

/**
 * The anonymous XSRF-TOKEN cookie value (GET /sanctum/csrf-cookie).
 * @param {string} base
 */
export async function xsrfCookie(base) {
  const res = await request(`${base}/sanctum/csrf-cookie`);
  const cookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("XSRF-TOKEN="));
  if (!cookie) throw new Error(`GET /sanctum/csrf-cookie (${res.status}) set no XSRF-TOKEN cookie`);
  return cookiePair(cookie).slice("XSRF-TOKEN=".length);
}

/**
 * A Set-Cookie header's name=value, without its attributes.
 * @param {string} setCookie
 */
export const cookiePair = (setCookie) => setCookie.split(";")[0] ?? "";

/**
 * The cookies a response set, as one Cookie header (cleared ones left out).
 * @param {PlainResponse} res
 */
export function cookieHeader(res) {
  return [res.headers["set-cookie"] ?? []]
    .flat()
    .map(cookiePair)
    .filter((pair) => pair.includes("=") && pair.split("=")[1] !== "")
    .join("; ");
}

/**
 * Signs `patient` in through POST /api/login (from its own client address, `address`, as
 * the bench trusts one proxy hop). Returns the bearer token and the cookies the site set
 * (session, signed-in hint, known device) as one Cookie header.
 * @param {string} base
 * @param {{ email: string, password: string }} patient
 * @param {{ xsrf: string, address: string }} options
 * @returns {Promise<Session>}
 */
export async function signIn(base, patient, { xsrf, address }) {
  const res = await request(`${base}/api/login`, {
    method: "POST",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": decodeURIComponent(xsrf), "x-forwarded-for": address },
    body: { email: patient.email, password: patient.password },
  });
  if (res.status !== 200) throw new Error(`POST /api/login for ${patient.email} answered ${res.status}: ${res.text.slice(0, 200)}`);
  /** @type {unknown} */
  const token = JSON.parse(res.text).token;
  if (!token || typeof token !== "string") throw new Error("POST /api/login answered no token");
  return { token, cookie: cookieHeader(res) };
}

/**
 * Signs every patient in, a few at a time (argon2 verification is deliberately slow).
 * @param {string} base
 * @param {{ email: string, password: string }[]} patients
 * @param {{ addressOf: (index: number) => string, concurrency?: number }} options
 */
export async function signInAll(base, patients, { addressOf, concurrency = 4 }) {
  const xsrf = await xsrfCookie(base);
  /** @type {Session[]} */
  const sessions = new Array(patients.length);
  let next = 0;
  const worker = async () => {
    while (next < patients.length) {
      const i = next++;
      sessions[i] = await signIn(base, /** @type {(typeof patients)[number]} */ (patients[i]), { xsrf, address: addressOf(i) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, patients.length) }, worker));
  return sessions;
}

/**
 * A distinct client address per simulated patient (10.x.y.z, `block` keeps steps apart).
 * @param {number} block
 * @param {number} i
 */
export function patientAddress(block, i) {
  return `10.${block & 255}.${(i >> 8) & 255}.${i & 255}`;
}
