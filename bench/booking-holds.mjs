// Booking holds (issue 13): a scripted attempt to hold the doctors' diary from 20 client
// addresses, each using as many emails and guest identities as it likes, through
// POST /api/consultations/pay. Every hold lasts about 36 minutes, so what counts is how many
// places the 20 addresses hold at once: reported as a share of the bookable places in the
// 30-day window (weekdays, every time, every consultation type's capacity). Target ≤ 15 %.
// The bench trusts one proxy hop, so each address is given as X-Forwarded-For.
import pg from "pg";
import { request, xsrfCookie } from "./patients.mjs";

export const HOLD_ADDRESSES = 20;
const HOLDS_SHARE_TARGET = 0.15;
const TIMES = ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM"];

/** @param {{ base: string, databaseUrl: string }} options */
export async function benchBookingHolds({ base, databaseUrl }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  /** @type {{ slug: string, capacity: number }[]} */
  let types;
  try {
    ({ rows: types } = await client.query("SELECT slug, slot_capacity AS capacity FROM consultation_types ORDER BY sort_order"));
  } finally {
    await client.end();
  }
  const dates = weekdaysAhead(1, 30);
  const placesInWindow = dates.length * TIMES.length * types.reduce((sum, type) => sum + type.capacity, 0);
  // Every (date, time, type) the attacker may try, spread so addresses do not collide.
  const targets = dates.flatMap((date) => TIMES.flatMap((time) => types.map((type) => ({ date, time, type: type.slug }))));
  const xsrf = await xsrfCookie(base);
  let next = 0;
  let sequence = 0;
  /** @type {Record<string, number>} answers by status */
  const statuses = {};
  /** @type {number[]} */
  const perAddress = [];
  await Promise.all(
    Array.from({ length: HOLD_ADDRESSES }, async (_, index) => {
      const address = `192.0.2.${index + 1}`;
      let held = 0;
      let refusedInARow = 0;
      // Keep asking until the app has refused five times running (or 40 attempts).
      for (let attempt = 0; attempt < 40 && refusedInARow < 5; attempt += 1) {
        const target = /** @type {(typeof targets)[number]} */ (targets[next++ % targets.length]);
        sequence += 1;
        const res = await request(`${base}/api/consultations/pay`, {
          method: "POST",
          headers: { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": decodeURIComponent(xsrf), "x-forwarded-for": address },
          body: { client_name: "Diary Holder", client_email: `holder.${sequence}.${Date.now()}@example.com`, hair_concerns: "", ...target },
        });
        statuses[String(res.status)] = (statuses[String(res.status)] ?? 0) + 1;
        if (res.status === 200) {
          held += 1;
          refusedInARow = 0;
        } else refusedInARow += 1;
      }
      perAddress.push(held);
    }),
  );
  const held = perAddress.reduce((sum, n) => sum + n, 0);
  return {
    addresses: HOLD_ADDRESSES,
    attempts: sequence,
    statusCodes: statuses,
    placesHeld: held,
    mostByOneAddress: Math.max(...perAddress),
    placesInWindow,
    share: +(held / placesInWindow).toFixed(4),
    target: HOLDS_SHARE_TARGET,
  };
}

/**
 * London calendar dates from `from` to `to` days ahead that are weekdays.
 * @param {number} from
 * @param {number} to
 */
function weekdaysAhead(from, to) {
  const london = (/** @type {Date} */ instant) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(instant);
  /** @type {string[]} */
  const dates = [];
  for (let offset = from; offset <= to; offset += 1) {
    const date = london(new Date(Date.now() + offset * 86_400_000));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(date);
  }
  return dates;
}
