import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";

// Runs last (the "desktop-alone" project runs after the others, in name order, on one
// worker): the server's whole output during this e2e run (scripts/test.mjs keeps it in
// E2E_SERVER_LOG) must hold no patient's email address, name, answer, password or session
// token — and must be the structured log it is meant to be.
const PATIENTS_WORDS = [
  // Names the journeys give patients and staff.
  "Alex Morgan", "Morgan Reid", "Casey Brown", "Robin Cluster", "Robin Hale", "Jordan Lee", "Dana Fox", "Sam Reid", "Chris Okafor", "Samira Lee",
  // Answers, free text and addresses they type.
  "A receding hairline at the temples.", "Minoxidil foam until March, nothing since.", "Mild eczema on the hands.", "No irritation at all.",
  "A mild shampoo.", "Thinning at the crown", "1985-06-15", "1980-02-10", "10 Market Street",
  // Passwords.
  "plum orchard lantern 42", "violet harbour spindle", "another fine passphrase",
];
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const JWT = /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/;
// A prescription's reference (lib/server/prescription-review/rx-reference.ts), the only secret
// behind its verification page: the journeys visit /rx/{reference} and the patient's
// /dashboard/prescriptions/{reference}, and access logs write RX-[redacted] instead.
const RX_REFERENCE = /RX-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/i;

test("the server's logs carry no patient's email, name, answers, passwords or tokens", () => {
  const file = process.env.E2E_SERVER_LOG;
  test.skip(!file, "E2E_SERVER_LOG is unset: run the browser tests through npm test / npm run test:e2e");
  const log = fs.readFileSync(file!, "utf8");
  const lines = log.split("\n");

  // Not vacuous: the run's requests were logged as JSON lines with request ids.
  const accessLines = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { msg?: string; requestId?: string; path?: string });
  const requests = accessLines.filter((line) => line.msg === "request");
  expect(requests.length).toBeGreaterThan(20);
  expect(requests.every((line) => typeof line.requestId === "string" && line.requestId.length >= 8)).toBe(true);
  expect(requests.some((line) => line.path === "/api/consultations/pay" || line.path?.startsWith("/api/"))).toBe(true);

  expectNoPersonalData(lines, "lines");
});

test("the exported traces carry no patient's email, name, answers, references, path ids or queries", async () => {
  const file = process.env.E2E_SPANS_LOG;
  test.skip(!file, "E2E_SPANS_LOG is unset: run the browser tests through npm test / npm run test:e2e (it runs the OTLP receiver)");
  type Span = { traceId: string; name: string; kind: number; attributes: Record<string, string | number> };
  const read = () => fs.readFileSync(file!, "utf8").split("\n").filter(Boolean);
  // Not vacuous: the run's requests were traced (exported every half second), and a job queued
  // by one of them ran in its trace.
  await expect.poll(() => read().length).toBeGreaterThan(20);
  const lines = read();
  const spans = lines.map((line) => JSON.parse(line) as Span);
  const requests = spans.filter((span) => span.kind === 2);
  expect(requests.some((span) => span.attributes["http.route"]?.toString().startsWith("/api/"))).toBe(true);
  const requestTraces = new Set(requests.map((span) => span.traceId));
  expect(spans.some((span) => span.kind === 5 && requestTraces.has(span.traceId)), "a job span in a request's trace").toBe(true);

  expectNoPersonalData(lines, "spans");
  // Names and routes are patterns: no query string and no id in a path (request ids are UUIDs, so only they may look like one).
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  for (const span of spans) {
    const text = JSON.stringify([span.name, Object.entries(span.attributes).filter(([key]) => key !== "request.id")]);
    expect(text, `span ${span.name}`).not.toMatch(UUID);
    expect(text, `span ${span.name}`).not.toContain("?");
  }
});

/** No line of `lines` holds a patient's email address, words, a session token or a prescription reference. */
function expectNoPersonalData(lines: string[], what: string) {
  const emails = lines.filter((line) => EMAIL.test(line));
  expect(emails, `${what} with an email address`).toEqual([]);
  const tokens = lines.filter((line) => JWT.test(line));
  expect(tokens, `${what} with a session token`).toEqual([]);
  for (const words of PATIENTS_WORDS) expect(lines.filter((line) => line.includes(words)), `${what} with "${words}"`).toEqual([]);
  const references = lines.filter((line) => RX_REFERENCE.test(line));
  expect(references, `${what} with a prescription reference`).toEqual([]);
}

test("the access logs write a visited prescription reference as RX-[redacted]", async ({ request, baseURL }) => {
  const file = process.env.E2E_SERVER_LOG;
  test.skip(!file, "E2E_SERVER_LOG is unset: run the browser tests through npm test / npm run test:e2e");
  // One of our own, so this run's logs are known to hold a visit (an unknown one: a 404 page).
  const group = () => Array.from({ length: 4 }, () => "23456789ABCDEFGHJKMNPQRSTUVWXYZ"[Math.floor(Math.random() * 31)]).join("");
  const reference = `RX-${group()}-${group()}-${group()}`;
  const requestId = await visit(request, `/rx/${reference}`);

  // The app's own line (serve.mjs; in the cluster, an instance's): its output is kept in E2E_SERVER_LOG.
  const appLine = await lineWithRequestId(file!, requestId);
  expect(appLine.path).toBe("/rx/RX-[redacted]");
  expect(fs.readFileSync(file!, "utf8")).not.toContain(reference.slice(3));

  // Through the cluster, nginx's access log too (server/runtime/cluster.mjs keeps it in its run folder).
  if (process.env.E2E_CLUSTER_URL) {
    const accessLog = path.join(os.tmpdir(), `hairline-cluster-${new URL(baseURL!).port}`, "access.log");
    const proxyLine = await lineWithRequestId(accessLog, requestId);
    expect(proxyLine.path).toBe("/rx/RX-[redacted]");
    const proxyLines = fs.readFileSync(accessLog, "utf8").split("\n");
    expect(proxyLines.filter((line) => RX_REFERENCE.test(line)), "nginx's lines with a prescription reference").toEqual([]);
  }
});

async function visit(request: APIRequestContext, target: string) {
  const response = await request.get(target);
  expect(response.status()).toBe(404);
  const requestId = response.headers()["x-request-id"];
  expect(requestId).toBeTruthy();
  return requestId!;
}

/** The JSON line of `file` that names `requestId`, once it is written (logs are written as answers finish). */
async function lineWithRequestId(file: string, requestId: string) {
  let found: { path?: string } | undefined;
  await expect
    .poll(() => {
      found = fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.startsWith("{") && line.includes(requestId))
        .map((line) => JSON.parse(line) as { msg?: string; path?: string })
        .find((line) => line.msg === "request" || line.msg === undefined);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}
