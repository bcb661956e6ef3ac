// Bench step: POST /api/consultations/pay with N concurrent writers, all after the same slot
// (a weekday in the booking window, 10:00 AM London, hair consultation). Each request is a
// different patient (email, client address, no guest cookie). Afterwards the database must
// hold exactly `capacity` bookings for that slot, each with one checkout session.
import autocannon from "autocannon";
import pg from "pg";
import { cookiePair } from "./patients.mjs";

/**
 * @param {{ base: string, databaseUrl: string, connections: number, duration: number }} options
 */
export async function benchConsultationPay({ base, databaseUrl, connections, duration }) {
  const date = weekdayAhead(3);
  const xsrf = await xsrfCookie(base);
  let sequence = 0;
  const result = await autocannon({
    url: `${base}/api/consultations/pay`,
    connections,
    duration,
    timeout: 20,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          sequence += 1;
          return {
            ...request,
            headers: {
              "content-type": "application/json",
              cookie: `XSRF-TOKEN=${xsrf}`,
              "x-xsrf-token": decodeURIComponent(xsrf),
              // One address per simulated patient (the app trusts one proxy hop in the bench).
              "x-forwarded-for": `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
            },
            body: JSON.stringify({
              client_name: "Bench Patient",
              client_email: `bench.${sequence}@example.com`,
              date,
              time: "10:00 AM",
              hair_concerns: "",
              type: "hair-consultation",
            }),
          };
        },
      },
    ],
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    /** @type {import("pg").QueryResult<{ capacity: number, bookings: number, sessions: number }>} */
    const { rows } = await client.query(
      `SELECT s.capacity, count(b.id)::int AS bookings, count(p.checkout_session_id)::int AS sessions
       FROM consultation_slots s
       JOIN consultation_types t ON t.id = s.consultation_type_id AND t.slug = 'hair-consultation'
       LEFT JOIN consultation_bookings b ON b.slot_id = s.id
       LEFT JOIN payments p ON p.id = b.payment_id
       WHERE s.starts_at = ($1::timestamptz AT TIME ZONE 'UTC')
       GROUP BY s.capacity`,
      [londonSlotInstant(date, 10)],
    );
    const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));
    const unexpected = Object.entries(statusCodes).filter(([code]) => code !== "200" && code !== "409").reduce((sum, [, n]) => sum + n, 0);
    return {
      date,
      time: "10:00 AM",
      connections,
      durationSeconds: duration,
      requestsPerSecond: result.requests.average,
      requestsTotal: result.requests.total,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      latencyMaxMs: result.latency.max,
      statusCodes,
      unexpected,
      errors: result.errors,
      timeouts: result.timeouts,
      capacity: rows[0]?.capacity ?? null,
      bookingsCreated: rows[0]?.bookings ?? 0,
      sessionsOpened: rows[0]?.sessions ?? 0,
    };
  } finally {
    await client.end();
  }
}

/** @param {string} base */
async function xsrfCookie(base) {
  const res = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("XSRF-TOKEN="));
  if (!cookie) throw new Error("GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie");
  return cookiePair(cookie).slice("XSRF-TOKEN=".length);
}

/**
 * A weekday at least `days` days ahead, as a London calendar date.
 * @param {number} days
 */
function weekdayAhead(days) {
  const london = (/** @type {Date} */ instant) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(instant);
  for (let offset = days; offset < days + 7; offset += 1) {
    const date = london(new Date(Date.now() + offset * 86_400_000));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return date;
  }
  throw new Error("unreachable");
}

/**
 * The instant of `hour`:00 London time on `date` (GMT or BST, whichever applies).
 * @param {string} date
 * @param {number} hour
 */
function londonSlotInstant(date, hour) {
  const guess = new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
  const londonHour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" }).format(guess));
  return new Date(guess.getTime() - (londonHour - hour) * 3_600_000).toISOString();
}
