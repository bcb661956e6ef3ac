import fs from "node:fs";
import { expect, test } from "@playwright/test";

// Runs last (files run in name order, one worker): the server's whole output during this e2e
// run (scripts/test.mjs keeps it in E2E_SERVER_LOG) must hold no patient's email address, name,
// answer, password or session token — and must be the structured log it is meant to be.
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

  const emails = lines.filter((line) => EMAIL.test(line));
  expect(emails, "lines with an email address").toEqual([]);
  const tokens = lines.filter((line) => JWT.test(line));
  expect(tokens, "lines with a session token").toEqual([]);
  for (const words of PATIENTS_WORDS) expect(lines.filter((line) => line.includes(words)), `lines with "${words}"`).toEqual([]);
});
