// Bounded growth (issue 24): the soak's mixed traffic for a number of simulated days through
// the production topology (nginx, two app instances, the worker; bench/scratch-cluster.mjs),
// with the clock advanced a day after each and the retention sweep run through the job queue.
// Figure per table the retention policy covers (and pg-boss's job and archive tables): its rows
// on the last day ÷ on the day its retention window first filled, target ≤ 1.10.
//
// Each simulated day:
//   1. the same fixed set of journeys (DAY_JOURNEYS, not a rate: every day adds the same rows),
//      then the day's work drained (payments confirmed, no job due or running);
//   2. each table's rows and size are counted (the day's peak: its rows plus every older day's
//      that the policy still keeps);
//   3. the clock advances one day: every stored instant that retention reads moves one day back
//      (advanceClock, one transaction);
//   4. retention.sweep is queued as the app queues it (enqueueJob, bench/growth-queue.ts) and the
//      cluster's worker runs it; the step waits for it and its continuations, and for pg-boss's
//      maintenance (archive, delete) to have run since the clock moved; then the moved tables
//      are vacuumed, as autovacuum would have in a real day (vacuum).
//
// Why a day is judged against the day its window filled, not day 1: a rule keeping rows P days
// holds P days of rows once P days have passed, so a table with a 7-day period is ~8 × its day-1
// size in a perfectly bounded steady state. Bounded means: flat once the window is full. A table
// is judged only when the run is long enough that one without retention would fail (it would
// end ≥ 15 % above that day); otherwise it is reported as "period > run", with its growth.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createPatients } from "./patients.mjs";
import { fixed, heading, table } from "./report.mjs";
import { withScratchCluster } from "./scratch-cluster.mjs";
import { errorMessage, results, sleep } from "./harness.mjs";
import { oneRow } from "./one-row.mjs";
import { startQueueHelper, sweepThroughQueue } from "./retention-queue.mjs";
import { setEnv } from "../server/runtime/process-env.mjs";
import { GROWTH } from "./settings.mjs";
import { startSmtpSink } from "../tests/support/smtp-sink.mjs";
import { bookingTargets, JOURNEYS, paymentsSettled, tally, visitor } from "./traffic.mjs";

export const GROWTH_TARGET = 1.1;
// A table is judged when a table that kept every row would end at least this far above its
// size on the day its window filled (days ÷ that day): then ≤ 1.10 can fail.
const JUDGE_MIN_GROWTH = 1.15;
const DAY_MS = 86_400_000;

// Every simulated day's visitors, the same each day. The soak's journeys (browse, register, sign
// in, cart, API, book and pay) plus those that reach the other covered tables: a guest's cart
// moved to a new account (guest_links), password resets, sign-in locks (unlock links), abandoned
// questionnaire drafts with a photo, and holds never paid.
/** @type {Partial<Record<import("./traffic.mjs").JourneyName, number>>} */
const DAY_JOURNEYS = {
  browse: 4,
  register: 4,
  login: 6,
  cart: 6,
  api: 3,
  bookAndPay: 3,
  holdUnpaid: 3,
  cartThenRegister: 3,
  forgotPassword: 3,
  lockedOut: 2,
  draftWithPhoto: 3,
};
const IN_FLIGHT = 6;

// Tables whose timestamps a retention rule reads beside its own (the carts rule: the last change
// of any line), so the clock moves for them too.
const ALSO_READ = ["cart_items"];

// The rows of a table that its rule can ever delete, where the table also holds rows kept by
// design (paid bookings and payments, their slots, accounts' carts, submitted questionnaires):
// those grow with the business, like orders, and are counted beside.
/** @type {Record<string, string | undefined>} */
const SHORT_LIVED = {
  consultation_bookings: "t.status IN ('EXPIRED', 'PENDING_PAYMENT')",
  payments: "t.paid_at IS NULL AND t.refunded_at IS NULL",
  consultation_slots: "NOT EXISTS (SELECT 1 FROM consultation_bookings b WHERE b.slot_id = t.id AND b.status NOT IN ('EXPIRED', 'PENDING_PAYMENT'))",
  carts: "t.user_id IS NULL",
  questionnaire_responses: "t.submitted_at IS NULL",
};

// A slot row goes a day after its start once no booking is left in it (retention-policy.ts); a
// slot an unpaid hold took waits for that hold, kept 30 days after it lapsed. So its rows stay
// as long as the longer of the two.
/** @type {Record<string, string | undefined>} */
const WAITS_FOR = { consultation_slots: "consultation_bookings" };

// pg-boss's own retention (lib/server/services/jobs/pg-boss-config.ts, docs/architecture.md, "Data retention"): a finished
// job stays in pgboss.job a day, then pgboss.archive 14 days more.
/** @type {CoveredTable[]} */
const PGBOSS_TABLES = [
  { table: "pgboss.job", keepMs: 1 * DAY_MS, rule: "pg-boss maintenance: finished jobs archived after 24 h" },
  { table: "pgboss.archive", keepMs: 15 * DAY_MS, rule: "pg-boss maintenance: archived jobs deleted 14 days later" },
];

/** @typedef {{ table: string, keepMs: number, rule: string }} CoveredTable A table retention (or pg-boss) keeps bounded, and for how long. */
/** @typedef {Record<string, { rows: number, shortLived: number, bytes: number }>} TableCounts Each covered table's rows (all, and those its rule can delete) and size on disk. */
/**
 * @typedef {object} DayFigures One simulated day, counted at its end.
 * @property {number} day
 * @property {TableCounts} rows
 * @property {number} photoFiles
 * @property {{ paid: number, confirmedExactlyOnce: number }} payments
 * @property {boolean} drained its jobs done before the clock moved
 * @property {number} [seconds]
 */
/**
 * @typedef {object} GrowthResult
 * @property {number} days
 * @property {typeof DAY_JOURNEYS} journeysPerDay
 * @property {number} target
 * @property {number} judgeMinGrowth
 * @property {number} seconds
 * @property {number} requests
 * @property {Record<string, number>} byStatus
 * @property {number} status5xx
 * @property {number} networkErrors
 * @property {TrafficSummary["serverErrorSamples"]} serverErrorSamples
 * @property {TrafficSummary["clientErrorSamples"]} clientErrorSamples
 * @property {number} emailsDelivered
 * @property {ReturnType<typeof figure>[]} figures
 * @property {DayFigures[]} series
 * @property {({ day: number, maintenance: boolean } & Awaited<ReturnType<typeof sweepThroughQueue>>)[]} sweeps
 */
/** @typedef {ReturnType<ReturnType<typeof tally>["summary"]>} TrafficSummary */

export async function growth() {
  const days = GROWTH.days;
  heading(`Bounded growth: ${days} simulated days of mixed traffic through nginx onto two instances, the clock advanced and retention.sweep run after each`);
  // Delivered email (SMTP_URL) comes under the outbox rule; photos go to a folder of the step's own.
  const sink = await startSmtpSink();
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-growth-uploads-"));
  // Small database pools: the step counts rows, not speed, and shares its database server.
  const restore = setEnv({ SMTP_URL: sink.url, UPLOAD_DIR: uploadDir, JOB_MAINTENANCE_INTERVAL_SECONDS: "2", DATABASE_POOL_SIZE: "4" });
  try {
    await withScratchCluster("clinic_growth", async ({ cluster, client, databaseUrl }) => {
      const queue = startQueueHelper(databaseUrl);
      try {
        await run({ days, cluster, client, databaseUrl, queue, uploadDir, sink });
      } finally {
        await queue.close();
      }
    });
  } finally {
    restore();
    await sink.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}

/**
 * @param {{
 *   days: number,
 *   cluster: import("./scratch-cluster.mjs").Cluster,
 *   client: import("pg").Client,
 *   databaseUrl: string,
 *   queue: import("./retention-queue.mjs").QueueHelper,
 *   uploadDir: string,
 *   sink: Awaited<ReturnType<typeof startSmtpSink>>,
 * }} step
 */
async function run({ days, cluster, client, databaseUrl, queue, uploadDir, sink }) {
  // Waiting on the queue is pointless once the worker is gone: say so at once.
  const workerAlive = () => {
    const { exitCode, signalCode } = /** @type {import("node:child_process").ChildProcess} the cluster started it */ (cluster.worker.process);
    if (exitCode !== null || signalCode !== null) throw new Error(`the cluster's worker exited (${exitCode ?? signalCode})`);
  };
  const policy = await queue.ask("policy");
  const tables = coveredTables(policy);
  const patients = await createPatients(databaseUrl, { count: 30, label: "growth", questionnaire: false });
  const photo = await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 150, g: 110, b: 80 } } }).jpeg().toBuffer();
  /** @type {import("./traffic.mjs").JourneyContext & { payments: import("./traffic.mjs").Payment[] }} */
  const context = { patients: patients.slice(0, 20), resetPatients: patients.slice(20, 25), lockoutPatients: patients.slice(25), nextTarget: bookingTargets(), photo, payments: [] };
  const counts = tally();
  /** @type {DayFigures[]} */
  const series = [];
  /** @type {GrowthResult["sweeps"]} */
  const sweeps = [];
  const startedAt = Date.now();
  for (let day = 1; day <= days; day += 1) {
    const dayStarted = Date.now();
    context.payments = [];
    await runDay(cluster.url, context, counts.record);
    const payments = await paymentsSettled(client, context.payments, { timeoutMs: 60_000 });
    const drained = await queueDrained(client, workerAlive);
    /** @type {DayFigures} */
    const today = { day, rows: await measure(client, tables), photoFiles: countFiles(path.join(uploadDir, "photos")), payments: { paid: payments.paid, confirmedExactlyOnce: payments.confirmedExactlyOnce }, drained };
    series.push(today);
    if (day < days) {
      const moved = await advanceClock(client, [...tables.filter((t) => !t.table.startsWith("pgboss.")).map((t) => t.table), ...ALSO_READ]);
      sweeps.push({ day, ...(await sweepThroughQueue(client, queue, workerAlive)), maintenance: await maintenanceRan(client, moved) });
      await vacuum(client, tables);
    }
    today.seconds = +((Date.now() - dayStarted) / 1000).toFixed(1);
    process.stdout.write(`  day ${day}/${days} (${today.seconds} s)${day % 10 === 0 || day === days ? "\n" : ""}`);
  }
  const summary = counts.summary();
  const figures = tables.map((entry) => figure(entry, series, days));
  results.growth = {
    days,
    journeysPerDay: DAY_JOURNEYS,
    target: GROWTH_TARGET,
    judgeMinGrowth: JUDGE_MIN_GROWTH,
    seconds: +((Date.now() - startedAt) / 1000).toFixed(1),
    requests: summary.requests,
    byStatus: summary.byStatus,
    status5xx: summary.status5xx,
    networkErrors: summary.networkErrors,
    serverErrorSamples: summary.serverErrorSamples,
    clientErrorSamples: summary.clientErrorSamples,
    emailsDelivered: sink.received.length,
    figures,
    series,
    sweeps,
  };
  console.log(table(["table (rule)", "period", "rows day 1", `window full (day)`, `rows day ${days}`, `day ${days} ÷ day 1`, `day ${days} ÷ window full`, "size: window full → last (KB)", "result"], figures.map((f) => [
    f.table,
    f.periodDays === null ? "-" : `${fixed(f.periodDays, 0)} d`,
    f.day1,
    f.reference ? `${f.reference.rows} (${f.reference.day})` : `day ${f.fullOnDay}`,
    f.last,
    f.ratioToDay1 === null ? "-" : fixed(f.ratioToDay1, 2),
    f.ratio === null ? "-" : fixed(f.ratio, 2),
    `${f.bytesReference === null ? "-" : Math.round(f.bytesReference / 1024)} → ${Math.round(f.bytesLast / 1024)}`,
    f.status,
  ])));
  console.log(`  answers: ${Object.entries(summary.byStatus).map(([s, n]) => `${s}: ${n}`).join(", ")}; emails delivered: ${sink.received.length}`);
  for (const sample of summary.serverErrorSamples) console.log(`  5xx sample: ${sample.kind} ${sample.status} ${sample.body ?? ""}`);
}

/**
 * The policy's tables (each rule's own and those deleted with it) and pg-boss's, each with its period.
 * @param {import("./retention-queue.mjs").RetentionRule[]} policy
 */
function coveredTables(policy) {
  /** @type {CoveredTable[]} */
  const entries = [];
  for (const rule of policy) {
    for (const name of [rule.table, ...rule.alsoDeletes]) {
      if (!entries.some((e) => e.table === name)) entries.push({ table: name, keepMs: rule.keepMs, rule: rule.table === name ? "retention.sweep" : `retention.sweep, with ${rule.table}` });
    }
  }
  for (const entry of entries) {
    const other = entries.find((e) => e.table === WAITS_FOR[entry.table]);
    if (other && other.keepMs > entry.keepMs) Object.assign(entry, { keepMs: other.keepMs, rule: `retention.sweep, after ${other.table}` });
  }
  return [...entries, ...PGBOSS_TABLES];
}

/**
 * One simulated day's visitors, DAY_JOURNEYS interleaved, at most IN_FLIGHT at a time.
 * @param {string} base
 * @param {import("./traffic.mjs").JourneyContext} context
 * @param {import("./traffic.mjs").Recorder} record
 */
async function runDay(base, context, record) {
  const names = /** @type {[import("./traffic.mjs").JourneyName, number][]} */ (Object.entries(DAY_JOURNEYS)).flatMap(([name, n]) => Array.from({ length: n }, (_, i) => ({ name, order: (i + 0.5) / n })));
  names.sort((a, b) => a.order - b.order);
  let next = 0;
  const lane = async () => {
    while (next < names.length) {
      const { name } = /** @type {(typeof names)[number]} next is in range */ (names[next++]);
      await JOURNEYS[name](visitor(base, record), context).catch((error) => record({ kind: `journey ${name}`, status: 0, ms: 0, error: errorMessage(error) }));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

/**
 * Waits until no job is running and none is due (emails delivered, webhooks' jobs done), so
 * every day ends in the same state and no job is mid-run when the clock moves. Jobs queued for
 * later (startAfter) stay queued: the clock reaches them as it would.
 * @param {import("pg").Client} client
 * @param {() => void} workerAlive throws once the cluster's worker has gone
 */
async function queueDrained(client, workerAlive, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    workerAlive();
    /** @type {import("pg").QueryResult<{ n: number }>} */
    const due = await client.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`);
    if (oneRow(due).n === 0) return true;
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
}

/**
 * "The clock advanced one day". The app and pg-boss read the real clock, so instead every
 * stored instant that retention reads moves one day back, in one transaction: the rows of every
 * covered table (and ALSO_READ), pg-boss's jobs and archive, and its maintenance and cron
 * marks. Retention (runRetentionRules: cutoff = now − period, compared with a stored instant)
 * and pg-boss's maintenance (completed_on, archived_on, keep_until against now()) only ever
 * compare a stored instant with now, so `now − instant` grows by exactly one day for every row,
 * as it would if now had moved; a job queued for later (start_after) comes a day nearer. Rows of
 * other tables (orders, users) keep their times: no rule reads them, only whether they exist.
 * Columns are found in information_schema, so a new timestamp column moves too.
 *
 * A unique index may cover a timestamp (a slot is unique per type and start): shifting rows one
 * by one could meet a neighbour a day earlier not yet moved. So each table moves twice: 1,000
 * years and a day back, then 1,000 years forward; neither move lands on an occupied value.
 * Returns the database's clock when the transaction committed.
 * @param {import("pg").Client} client
 * @param {string[]} tables
 * @returns {Promise<Date>}
 */
async function advanceClock(client, tables) {
  /** @type {import("pg").QueryResult<{ schema: string, name: string, columns: string[] }>} */
  const { rows: columns } = await client.query(
    `SELECT table_schema AS schema, table_name AS name, array_agg(column_name::text ORDER BY column_name) AS columns
     FROM information_schema.columns
     WHERE data_type IN ('timestamp without time zone', 'timestamp with time zone')
       AND ((table_schema = 'public' AND table_name = ANY($1::text[])) OR (table_schema = 'pgboss' AND table_name IN ('job', 'archive')))
     GROUP BY 1, 2`,
    [tables],
  );
  const missing = tables.filter((name) => !columns.some((c) => c.schema === "public" && c.name === name));
  if (missing.length) throw new Error(`advanceClock: no timestamp columns found for ${missing.join(", ")}`);
  const set = (/** @type {string[]} */ list, /** @type {string} */ shift) => list.map((column) => `"${column}" = "${column}" ${shift}`).join(", ");
  await client.query("BEGIN");
  try {
    for (const { schema, name, columns: list } of columns) {
      await client.query(`UPDATE "${schema}"."${name}" SET ${set(list, "- interval '1000 years 1 day'")}`);
      await client.query(`UPDATE "${schema}"."${name}" SET ${set(list, "+ interval '1000 years'")}`);
    }
    // The last maintenance and cron tick a day ago too: the worker's next tick runs maintenance.
    await client.query(`UPDATE pgboss.version SET maintained_on = maintained_on - interval '1 day', cron_on = cron_on - interval '1 day'`);
    /** @type {import("pg").QueryResult<{ at: Date }>} */
    const now = await client.query("SELECT now() AS at");
    await client.query("COMMIT");
    return oneRow(now).at;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/**
 * Moving the clock rewrites every row of the covered tables twice a day, which leaves dead row
 * versions no real day would. Autovacuum has a real day to clear them; a simulated day lasts
 * seconds, so the step vacuums those tables itself (plain VACUUM: no lock that blocks traffic),
 * and their size on disk measures what the rows need rather than the bench's own rewrites.
 * @param {import("pg").Client} client
 * @param {CoveredTable[]} tables
 */
async function vacuum(client, tables) {
  for (const { table: name } of tables) {
    const [schema, relation] = name.includes(".") ? name.split(".") : ["public", name];
    await client.query(`VACUUM "${schema}"."${relation}"`);
  }
  for (const name of ALSO_READ) await client.query(`VACUUM "public"."${name}"`);
}

/**
 * Waits until pg-boss's maintenance (run by the cluster's worker) has run since the clock moved.
 * @param {import("pg").Client} client
 * @param {Date} since
 */
async function maintenanceRan(client, since, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    /** @type {import("pg").QueryResult<{ ran: boolean }>} */
    const { rows } = await client.query("SELECT maintained_on > $1 AS ran FROM pgboss.version", [since]);
    if (rows[0]?.ran) return true;
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
}

/**
 * Rows (all, and those the rule can delete) and total size on disk of each covered table.
 * @param {import("pg").Client} client
 * @param {CoveredTable[]} tables
 */
async function measure(client, tables) {
  /** @type {TableCounts} */
  const out = {};
  for (const { table: name } of tables) {
    const [schema, relation] = name.includes(".") ? name.split(".") : ["public", name];
    const scope = SHORT_LIVED[name];
    /** @type {import("pg").QueryResult<{ rows: number, short_lived: number, bytes: string }>} bytes: a bigint, as text */
    const counted = await client.query(
      `SELECT count(*)::int AS rows, ${scope ? `count(*) FILTER (WHERE ${scope})::int` : "count(*)::int"} AS short_lived,
              (SELECT pg_total_relation_size(c.oid) + coalesce(sum(pg_total_relation_size(i.inhrelid)), 0)
               FROM pg_class c LEFT JOIN pg_inherits i ON i.inhparent = c.oid WHERE c.oid = '"${schema}"."${relation}"'::regclass GROUP BY c.oid)::bigint AS bytes
       FROM "${schema}"."${relation}" t`,
    );
    const row = oneRow(counted);
    out[name] = { rows: row.rows, shortLived: row.short_lived, bytes: Number(row.bytes) };
  }
  return out;
}

/**
 * One table's figure. The window fills on day ⌈period⌉ + 2: one day for a row whose age is
 * counted from up to a day after it was written (an email link's 24 h expiry, a session's
 * 12 h), one because the sweep runs at the end of a day. From then on a bounded table stays
 * flat; the figure is its short-lived rows on the last day ÷ on that day.
 * @param {CoveredTable} entry
 * @param {DayFigures[]} series
 * @param {number} days
 */
function figure(entry, series, days) {
  const periodDays = entry.keepMs / DAY_MS;
  const fullOnDay = Math.ceil(periodDays) + 2;
  /** @param {number} day */
  const at = (day) => {
    const counts = series[day - 1]?.rows[entry.table];
    if (!counts) throw new Error(`growth: ${entry.table} was not counted on day ${day}`);
    return counts;
  };
  const day1 = at(1).shortLived;
  const last = at(days).shortLived;
  const judged = days >= fullOnDay * JUDGE_MIN_GROWTH;
  const reference = judged ? { day: fullOnDay, rows: at(fullOnDay).shortLived } : null;
  const ratio = reference && reference.rows > 0 ? last / reference.rows : null;
  // A table the traffic never reached would pass 0 ÷ 0: judged only with rows once its window is
  // full (pg-boss's archive has none on day 1: a job is archived a day after it finished).
  const status = !reference ? `period > run (judged from ${Math.ceil(fullOnDay * JUDGE_MIN_GROWTH)} days)` : reference.rows === 0 ? "FAIL (no rows: no traffic reaches it)" : ratio !== null && ratio <= GROWTH_TARGET ? "PASS" : "FAIL";
  return {
    table: entry.table,
    rule: entry.rule,
    scope: SHORT_LIVED[entry.table] ?? "all rows",
    periodDays,
    fullOnDay,
    judged,
    day1,
    last,
    rowsAllLast: at(days).rows,
    reference,
    ratio: ratio === null ? null : +ratio.toFixed(3),
    ratioToDay1: day1 > 0 ? +(last / day1).toFixed(3) : null,
    bytesDay1: at(1).bytes,
    bytesReference: reference ? at(reference.day).bytes : null,
    bytesLast: at(days).bytes,
    status,
  };
}

/** @param {string} folder */
function countFiles(folder) {
  try {
    return fs.readdirSync(folder).length;
  } catch {
    return 0;
  }
}

