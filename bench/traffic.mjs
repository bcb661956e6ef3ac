// Mixed traffic for the soak and fault steps (issue 13): visitors who browse, register, sign
// in, fill a cart, and book and pay for a consultation through the payment sandbox, started at
// a fixed rate (open loop: a slow answer does not slow the arrivals) against the production
// topology's nginx. Each visitor has its own cookies and its own client address: requests
// leave from 127.x.y.z (all loopback on Linux), which nginx passes on as X-Forwarded-For, so
// per-address throttles see many addresses as they would in production.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { cookiePair, PATIENT_PASSWORD } from "./patients.mjs";
import { errorMessage, sleep } from "./harness.mjs";

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const TIMES = ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM"];
const PAGES = ["/", "/treatments/hair-loss-treatments", "/product/men-shampoo", "/consultation", "/about"];

/**
 * One answer (or failure: status 0, `error` the network error's code) as the traffic reports it.
 * @typedef {object} Answer
 * @property {string} kind what was asked ("page", "POST /api/login", …)
 * @property {string} [method]
 * @property {string} [path]
 * @property {number} status 0: no answer
 * @property {number} ms
 * @property {string | null} [error]
 * @property {string} [text] the body's start, for an answer ≥ 400
 * @property {string} [contentType]
 */
/** @typedef {(answer: Answer) => void} Recorder */
/**
 * @typedef {object} SendOptions
 * @property {unknown} [body] sent as JSON
 * @property {Record<string, string>} [form] sent as a form
 * @property {{ field: string, filename: string, type: string, bytes: Buffer }} [multipart] one file, as a browser's form sends it
 * @property {Record<string, string>} [headers]
 * @property {string} [kind] what the answer is reported as (default: the method and path)
 * @property {Recorder} [record] who hears this answer (default: the visitor's)
 */
/** @typedef {{ status: number, text: string, headers: http.IncomingHttpHeaders, error: string | null }} VisitorResponse status 0: no answer (`error` says why) */
/** @typedef {ReturnType<typeof visitor>} Visitor */
/** @typedef {{ sessionId: string, email: string, paid: boolean, url?: string }} Payment A checkout session a journey opened, and whether it was paid on the sandbox. */
/** @typedef {{ date: string, time: string }} BookingTarget */
/**
 * What the journeys share: each reads what it needs (a journey whose part is missing fails, as
 * its error). The counters are the journeys' own.
 * @typedef {object} JourneyContext
 * @property {import("./patients.mjs").Patient[]} [patients] for sign-ins
 * @property {() => BookingTarget} [nextTarget] places to book (bookingTargets)
 * @property {Payment[]} [payments] every checkout session opened, for paymentsSettled
 * @property {() => number} [payDelayMs] how long a patient waits before paying
 * @property {import("./patients.mjs").Patient[]} [resetPatients] for password resets
 * @property {number} [resets]
 * @property {import("./patients.mjs").Patient[]} [lockoutPatients] for sign-in locks
 * @property {number} [lockouts]
 * @property {Buffer} [photo] a JPEG to upload
 */
/** @typedef {(v: Visitor, context: JourneyContext) => Promise<void>} Journey */

/**
 * `list[index]`; throws when there is none (an empty list: the journey fails, as its error).
 * @template T
 * @param {T[]} list
 * @param {number} index
 */
function item(list, index) {
  const value = list[index];
  if (value === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return value;
}

/**
 * A random item of `list`.
 * @template T
 * @param {T[]} list
 */
const anyOf = (list) => item(list, Math.floor(Math.random() * list.length));

/**
 * What the journey needs from its context; throws without it.
 * @template T
 * @param {T | undefined} value
 * @param {string} name
 * @returns {T}
 */
function needs(value, name) {
  if (value === undefined) throw new Error(`the journey's context has no ${name}`);
  return value;
}

let addressSequence = 0;
/** A fresh loopback client address (127.16.0.1, 127.16.0.2, …), never 127.0.0.1. */
function nextAddress() {
  addressSequence += 1;
  const n = addressSequence;
  return `127.${16 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${(n & 255) || 1}`;
}

/**
 * One visitor: requests from its own address with its own cookie jar; XSRF and bearer headers
 * as the spec's client sends them. Every answer is reported to `record`.
 * @param {string} base
 * @param {Recorder} record
 * @param {{ address?: string, timeoutMs?: number }} [options]
 */
export function visitor(base, record, { address = nextAddress(), timeoutMs = 30_000 } = {}) {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  /** @type {string | null} */
  let token = null;
  // `record` per request: a session shared by several journeys (the bench's pharmacist) reports each answer to the journey that asked.
  /**
   * @param {string} method
   * @param {string} url a path on `base`, or another site's URL (no cookies or tokens go there)
   * @param {SendOptions} [options]
   * @returns {Promise<VisitorResponse>}
   */
  const send = (method, url, { body, form, multipart, headers = {}, kind, record: recordThis = record } = {}) =>
    new Promise((resolve) => {
      const target = new URL(url, base);
      const sameSite = target.origin === new URL(base).origin;
      const upload = multipart ? multipartBody(multipart) : null;
      const payload = upload ? upload.bytes : form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body);
      const contentType = upload ? upload.contentType : form ? "application/x-www-form-urlencoded" : "application/json";
      const xsrf = cookies.get("XSRF-TOKEN");
      const allHeaders = {
        ...(payload ? { "content-type": contentType, "content-length": Buffer.byteLength(payload) } : {}),
        ...(sameSite && cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...(sameSite && xsrf && method !== "GET" ? { "x-xsrf-token": decodeURIComponent(xsrf) } : {}),
        ...(sameSite && token ? { authorization: `Bearer ${token}` } : {}),
        accept: kind === "page" ? "text/html" : "application/json",
        ...headers,
      };
      const started = performance.now();
      /**
       * @param {number} status
       * @param {string} text
       * @param {http.IncomingHttpHeaders} [responseHeaders]
       * @param {string | null} [error]
       */
      const finish = (status, text, responseHeaders = {}, error = null) => {
        /** @type {Answer} */
        const entry = { kind: kind ?? `${method} ${target.pathname}`, method, path: target.pathname, status, ms: performance.now() - started, error, text: status >= 400 ? text.slice(0, 300) : undefined, contentType: responseHeaders["content-type"] };
        recordThis(entry);
        resolve({ status, text, headers: responseHeaders, error });
      };
      const req = http.request(target, { method, agent, localAddress: address, timeout: timeoutMs, headers: allHeaders }, (res) => {
        if (sameSite) {
          for (const cookie of [res.headers["set-cookie"] ?? []].flat()) {
            const pair = cookiePair(cookie);
            const eq = pair.indexOf("=");
            const name = pair.slice(0, eq);
            const value = pair.slice(eq + 1);
            if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) cookies.delete(name);
            else cookies.set(name, value);
          }
        }
        /** @type {Buffer[]} */
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"), res.headers));
        res.on("error", (/** @type {NodeJS.ErrnoException} */ error) => finish(0, "", {}, error.code ?? error.message));
      });
      req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
      req.on("error", (/** @type {NodeJS.ErrnoException} */ error) => finish(0, "", {}, error.code ?? error.message));
      req.end(payload);
    });
  return {
    address,
    send,
    /**
     * @param {string} path
     * @param {SendOptions} [options]
     */
    get: (path, options) => send("GET", path, options),
    /**
     * @param {string} path
     * @param {unknown} body
     * @param {SendOptions} [options]
     */
    post: (path, body, options) => send("POST", path, { ...options, body }),
    /** @param {string} value */
    setToken: (value) => (token = value),
    async csrf() {
      await send("GET", "/sanctum/csrf-cookie", { kind: "GET /sanctum/csrf-cookie" });
    },
  };
}

/**
 * A multipart/form-data body with one file field, as a browser's form sends it.
 * @param {NonNullable<SendOptions["multipart"]>} file
 */
function multipartBody({ field, filename, type, bytes }) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

/**
 * The answer's JSON body, or {} when it is not JSON.
 * @param {VisitorResponse} response
 * @returns {Record<string, unknown>}
 */
const json = (response) => {
  try {
    return JSON.parse(response.text);
  } catch {
    return {};
  }
};

/** London weekdays 2–29 days ahead × the diary's times: places to book, handed out in turn. */
export function bookingTargets() {
  const london = (/** @type {Date} */ instant) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(instant);
  /** @type {BookingTarget[]} */
  const targets = [];
  for (let offset = 2; offset <= 29; offset += 1) {
    const date = london(new Date(Date.now() + offset * 86_400_000));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) for (const time of TIMES) targets.push({ date, time });
  }
  let next = 0;
  return () => item(targets, next++ % targets.length);
}

let emailSequence = 0;
const uniqueEmail = (/** @type {string} */ label) => `soak.${label}.${Date.now().toString(36)}.${(emailSequence += 1)}@example.com`;

/**
 * The journeys. Each takes a visitor and the shared context ({ patients, nextTarget, payments })
 * and makes the requests a person's browser or the spec's client would.
 */
export const JOURNEYS = /** @satisfies {Record<string, Journey>} */ ({
  async browse(v) {
    for (let i = 0; i < 3; i += 1) await v.get(anyOf(PAGES), { kind: "page" });
  },
  async register(v) {
    await v.csrf();
    const email = uniqueEmail("register");
    const res = await v.post("/api/register", { name: "Soak Patient", email, password: PATIENT_PASSWORD, password_confirmation: PATIENT_PASSWORD });
    const token = json(res).token;
    if (typeof token === "string" && token) {
      v.setToken(token);
      await v.get("/api/user");
    }
  },
  async login(v, context) {
    const patient = anyOf(needs(context.patients, "patients"));
    await v.csrf();
    const res = await v.post("/api/login", { email: patient.email, password: patient.password });
    const token = json(res).token;
    if (typeof token !== "string" || !token) return;
    v.setToken(token);
    await v.get("/api/user");
    await v.get("/api/cart");
    await v.post("/api/logout", {});
  },
  async cart(v) {
    await v.csrf();
    await v.post("/api/cart", { product_slug: "men-shampoo", quantity: 1 });
    await v.get("/api/cart");
    await v.get("/cart", { kind: "page" });
  },
  async api(v) {
    await v.get("/api/plans?treatment_type=minoxidil");
    await v.get("/api/health");
  },
  /** Holds a place, pays on the sandbox's page, and follows its redirect to our return page. */
  async bookAndPay(v, context) {
    await v.csrf();
    const target = needs(context.nextTarget, "nextTarget")();
    const email = uniqueEmail("booking");
    const res = await v.post("/api/consultations/pay", { client_name: "Soak Patient", client_email: email, date: target.date, time: target.time, hair_concerns: "", type: "hair-consultation" });
    const { sessionId, url } = json(res);
    if (res.status !== 200 || typeof sessionId !== "string" || !sessionId || typeof url !== "string" || !url) return;
    /** @type {Payment} */
    const payment = { sessionId, email, paid: false };
    needs(context.payments, "payments").push(payment);
    if (context.payDelayMs) await sleep(context.payDelayMs());
    const paid = await v.send("POST", url, { form: { action: "pay", card: "4242424242424242" }, kind: "sandbox: pay" });
    if (paid.status === 303 || paid.status === 302) {
      payment.paid = true;
      const back = paid.headers.location;
      if (back) await v.get(back, { kind: "page: booking return" });
    }
  },

  // The growth step's journeys (bench/growth.mjs): each leaves rows in a table the retention
  // sweep covers that the soak's journeys do not reach.

  /** A guest fills a cart, then creates an account: the cart moves to it and the guest id is retired (guest_links). */
  async cartThenRegister(v) {
    await JOURNEYS.cart(v);
    await JOURNEYS.register(v);
  },
  /** Asks for a password reset link for one of the patients set aside for it (a token and an email). */
  async forgotPassword(v, context) {
    const patients = needs(context.resetPatients, "resetPatients");
    const patient = item(patients, (context.resets = (context.resets ?? 0) + 1) % patients.length);
    await v.csrf();
    await v.post("/api/forgot-password", { email: patient.email });
  },
  /** Wrong passwords until the account's lock refuses (429) and its owner is emailed an unlock link. */
  async lockedOut(v, context) {
    const patients = needs(context.lockoutPatients, "lockoutPatients");
    const patient = item(patients, (context.lockouts = (context.lockouts ?? 0) + 1) % patients.length);
    await v.csrf();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const res = await v.post("/api/login", { email: patient.email, password: "not the password at all" });
      if (res.status === 429) break;
    }
  },
  /** A guest answers the prescription questionnaire's first step, adds a scalp photo, and leaves: an abandoned draft. */
  async draftWithPhoto(v, context) {
    const id = crypto.randomUUID();
    await v.csrf();
    const res = await v.send("PUT", `/api/questionnaires/${id}/steps/1`, { body: { definition: "prescription", choice: null, text: "Bench Draft" }, kind: "PUT /api/questionnaires/{id}/steps/1" });
    if (res.status !== 200) return;
    await v.send("POST", `/api/questionnaires/${id}/photos`, { multipart: { field: "photo", filename: "crown.jpg", type: "image/jpeg", bytes: needs(context.photo, "photo") }, kind: "POST /api/questionnaires/{id}/photos" });
  },
  /** Holds a place and opens its checkout, then never pays: the hold lapses, its payment stays open. */
  async holdUnpaid(v, context) {
    await v.csrf();
    const target = needs(context.nextTarget, "nextTarget")();
    await v.post("/api/consultations/pay", { client_name: "Soak Patient", client_email: uniqueEmail("hold"), date: target.date, time: target.time, hair_concerns: "", type: "hair-consultation" });
  },
});
/** @typedef {keyof typeof JOURNEYS} JourneyName */

/**
 * Starts `journeys` (a list of names, repeated in order) at `ratePerSecond` for `durationMs`,
 * never more than `maxInFlight` at once (arrivals beyond that are counted as `skipped`).
 * Resolves once every started journey has finished. `record` sees every answer.
 * @param {{ base: string, ratePerSecond: number, durationMs: number, journeys: JourneyName[], context: JourneyContext, record: Recorder, maxInFlight?: number, stop?: AbortSignal }} options
 */
export async function runTraffic({ base, ratePerSecond, durationMs, journeys, context, record, maxInFlight = 200, stop }) {
  /** @type {Set<Promise<void>>} */
  const running = new Set();
  const interval = 1000 / ratePerSecond;
  const started = performance.now();
  let n = 0;
  let skipped = 0;
  while (performance.now() - started < durationMs && !stop?.aborted) {
    const due = started + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const name = item(journeys, n % journeys.length);
    n += 1;
    if (running.size >= maxInFlight) {
      skipped += 1;
      continue;
    }
    const journey = JOURNEYS[name](visitor(base, record), context).catch((error) => record({ kind: `journey ${name}`, status: 0, ms: 0, error: errorMessage(error) }));
    running.add(journey);
    journey.finally(() => running.delete(journey));
  }
  await Promise.all(running);
  return { journeysStarted: n - skipped, skipped };
}

/** Counts answers: by status, 5xx samples, network errors, and latency per kind. */
export function tally() {
  /** @type {Record<string, number>} */
  const byStatus = {};
  /** @type {Record<string, number[]>} */
  const byKind = {};
  /** @type {{ kind: string, status: number, body: string | undefined, contentType: string | undefined }[]} */
  const serverErrors = [];
  /** @type {{ kind: string, error: string | null | undefined }[]} */
  const networkErrors = [];
  /** @type {Record<string, string | undefined>} */
  const clientErrors = {}; // the first answer of each kind and 4xx status, to read what it said
  let requests = 0;
  /** @type {Recorder} */
  const record = (entry) => {
    requests += 1;
    byStatus[entry.status] = (byStatus[entry.status] ?? 0) + 1;
    (byKind[entry.kind] ??= []).push(entry.ms);
    if (entry.status >= 500 && serverErrors.length < 50) serverErrors.push({ kind: entry.kind, status: entry.status, body: entry.text, contentType: entry.contentType });
    if (entry.status >= 400 && entry.status < 500) clientErrors[`${entry.kind} ${entry.status}`] ??= entry.text;
    if (entry.status === 0 && networkErrors.length < 50) networkErrors.push({ kind: entry.kind, error: entry.error });
  };
  const summary = () => ({
    requests,
    byStatus,
    status5xx: Object.entries(byStatus).filter(([s]) => Number(s) >= 500).reduce((sum, [, c]) => sum + c, 0),
    networkErrors: byStatus[0] ?? 0,
    serverErrorSamples: serverErrors.slice(0, 10),
    networkErrorSamples: networkErrors.slice(0, 10),
    clientErrorSamples: clientErrors,
    latencyByKind: Object.fromEntries(Object.entries(byKind).map(([kind, list]) => [kind, percentiles(list)])),
  });
  return { record, summary };
}

/** @param {number[]} list */
function percentiles(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/**
 * Waits until every paid checkout session's booking is confirmed (or `timeoutMs` passes), then
 * checks each was confirmed exactly once: the booking CONFIRMED, its payment PAID, and one
 * confirmation email to the patient. `client` is a connected pg client on the cluster's database.
 * @param {import("pg").Client} client
 * @param {Payment[]} payments
 * @param {{ timeoutMs?: number }} [options]
 */
export async function paymentsSettled(client, payments, { timeoutMs = 150_000 } = {}) {
  const paid = payments.filter((p) => p.paid);
  const sessionIds = paid.map((p) => p.sessionId);
  const deadline = Date.now() + timeoutMs;
  const started = Date.now();
  /** @type {{ session: string, payment: string, booking: string, email: string, emails: number }[]} */
  let rows = [];
  for (;;) {
    ({ rows } = await client.query(
      `SELECT p.checkout_session_id AS session, p.status AS payment, b.status AS booking, b.client_email AS email,
              (SELECT count(*)::int FROM outbox_emails o WHERE o.to_address = b.client_email AND o.subject LIKE '%is booked%') AS emails
       FROM payments p JOIN consultation_bookings b ON b.payment_id = p.id
       WHERE p.checkout_session_id = ANY($1::text[])`,
      [sessionIds],
    ));
    const done = rows.filter((r) => r.booking === "CONFIRMED" && r.payment === "PAID" && r.emails >= 1).length;
    if (done === paid.length || Date.now() > deadline) break;
    await sleep(1000);
  }
  const confirmedOnce = rows.filter((r) => r.booking === "CONFIRMED" && r.payment === "PAID" && r.emails === 1).length;
  return {
    sessionsOpened: payments.length,
    paid: paid.length,
    confirmedExactlyOnce: confirmedOnce,
    notConfirmed: paid.length - rows.filter((r) => r.booking === "CONFIRMED").length,
    duplicateEmails: rows.filter((r) => r.emails > 1).length,
    secondsToConverge: +((Date.now() - started) / 1000).toFixed(1),
    states: rows.reduce((/** @type {Record<string, number>} */ acc, r) => ((acc[`${r.booking}/${r.payment}`] = (acc[`${r.booking}/${r.payment}`] ?? 0) + 1), acc), {}),
  };
}
