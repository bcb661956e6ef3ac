// The bench's year of data (bench/scale/seed-scale.mjs, issue 24), at a thousandth of its size,
// in a scratch database of its own (migrated and seeded with the catalogue as `npm start` does):
// every count as promised, rows the app's rules accept (references in the app's formats, every
// order owned by its subscription's patient, every medicine line's assessment the order
// owner's), the queues holding the newest cases, the busy patient's share, and the audit log
// an unbroken hash chain.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import prescriptionAnswers from "@/tests/fixtures/prescription-answers.json";
import assessmentAnswers from "@/tests/fixtures/assessment-answers.json";
import { SCALE_COUNTS, seedScale } from "@/bench/scale/seed-scale.mjs";
import { verifyAuditChain } from "@/scripts/lib/audit-chain.mjs";
import { createScratchDatabase } from "@/scripts/lib/scratch-database.mjs";

jest.setTimeout(180_000);

const repo = path.resolve(__dirname, "../../..");
const FACTOR = 0.001;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let client: pg.Client;
const busy = { id: randomUUID(), email: "busy.patient@scale.example.test" };
const staff = { prescriberId: randomUUID(), pharmacistId: randomUUID() };

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await client.query(sql, params)).rows[0] as T;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.DATABASE_URL!, "scale_seed_test");
  execFileSync(process.execPath, ["scripts/db/cli.mjs", "seed"], { cwd: repo, env: { ...process.env, DATABASE_URL: scratch.url }, stdio: "pipe", timeout: 120_000 });
  client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await client.query(
    `INSERT INTO users (id, name, email, password_hash, role, updated_at) VALUES ($1, 'Morgan Busy', $2, 'x', 'CUSTOMER', now()), ($3, 'Dr Scale', 'rx@scale.example.test', 'x', 'PRESCRIBER', now()), ($4, 'Scale Pharmacist', 'ph@scale.example.test', 'x', 'PHARMACIST', now())`,
    [busy.id, busy.email, staff.prescriberId, staff.pharmacistId],
  );
});

afterAll(async () => {
  await client?.end();
  await scratch?.drop();
});

describe("the bench's scaled data", () => {
  it("writes every table's share, consistent with the app's rules, the newest cases queued, and an unbroken audit chain", async () => {
    const { counts } = await seedScale(scratch.url, {
      factor: FACTOR,
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
      busy,
      staff,
      answers: { prescription: prescriptionAnswers, prescriptionVersion: 1, assessment: assessmentAnswers["minoxidil-men"], assessmentVersion: 1 },
    });
    const expected = (base: number) => Math.round(base * FACTOR);
    expect(counts).toMatchObject({ patients: expected(SCALE_COUNTS.patients), orders: expected(SCALE_COUNTS.orders), requests: expected(SCALE_COUNTS.prescriptionRequests) });

    const tally = await one<Record<string, string>>(`SELECT
      (SELECT count(*) FROM users WHERE role = 'CUSTOMER') AS patients, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM payments WHERE purpose = 'ORDER') AS order_payments,
      (SELECT count(*) FROM prescription_requests) AS requests, (SELECT count(*) FROM subscriptions) AS subscriptions, (SELECT count(*) FROM audit_events) AS audit,
      (SELECT count(*) FROM outbox_emails) AS outbox, (SELECT count(*) FROM rate_limit_buckets) AS rate_limits,
      (SELECT count(*) FROM order_events) AS events, (SELECT count(*) FROM order_lines) AS lines, (SELECT count(*) FROM case_messages) AS messages, (SELECT count(*) FROM check_ins) AS check_ins`);
    expect(Object.fromEntries(Object.entries(tally).map(([key, value]) => [key, Number(value)]))).toMatchObject({
      patients: expected(SCALE_COUNTS.patients) + 1,
      orders: expected(SCALE_COUNTS.orders),
      order_payments: expected(SCALE_COUNTS.orders),
      requests: expected(SCALE_COUNTS.prescriptionRequests),
      subscriptions: expected(SCALE_COUNTS.subscriptions),
      audit: expected(SCALE_COUNTS.auditEvents),
      outbox: expected(SCALE_COUNTS.outboxEmails),
      rate_limits: expected(SCALE_COUNTS.rateLimitRows),
      messages: expected(SCALE_COUNTS.prescriptionRequests) / 2,
    });
    expect(Number(tally.lines)).toBeGreaterThan(expected(SCALE_COUNTS.orders));
    expect(Number(tally.events)).toBeGreaterThan(2 * expected(SCALE_COUNTS.orders));

    // References in the app's formats, never repeated.
    const refs = await one<Record<string, string>>(`SELECT
      (SELECT count(*) FROM orders WHERE reference !~ '^OR-[2-9A-HJKMNP-Z]{6}$') AS bad_orders, (SELECT count(DISTINCT reference) FROM orders) AS distinct_orders,
      (SELECT count(*) FROM prescription_requests WHERE reference !~ '^PR-[2-9A-HJKMNP-Z]{6}$') AS bad_requests,
      (SELECT count(*) FROM prescriptions WHERE reference !~ '^RX-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$') AS bad_rx,
      (SELECT count(*) FROM orders WHERE id::text !~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$') AS bad_ids`);
    expect(refs).toEqual({ bad_orders: "0", distinct_orders: String(expected(SCALE_COUNTS.orders)), bad_requests: "0", bad_rx: "0", bad_ids: "0" });

    // Owners agree: a renewal is its subscription's patient's, a medicine line's assessment the order owner's.
    const owners = await one<Record<string, string>>(`SELECT
      (SELECT count(*) FROM orders o JOIN subscriptions s ON s.id = o.subscription_id WHERE o.user_id IS DISTINCT FROM s.user_id) AS renewal_mismatch,
      (SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN questionnaire_responses q ON q.id = l.assessment_id WHERE q.user_id IS DISTINCT FROM o.user_id) AS assessment_mismatch,
      (SELECT count(*) FROM prescription_requests r JOIN questionnaire_responses q ON q.id = r.response_id WHERE q.user_id IS DISTINCT FROM r.user_id) AS answers_mismatch,
      (SELECT count(*) FROM orders WHERE subscription_id IS NOT NULL) AS renewals,
      (SELECT count(*) FROM orders WHERE status = 'AWAITING_PHARMACIST') AS pharmacist_queue,
      (SELECT count(*) FROM prescription_requests WHERE status = 'SUBMITTED') AS prescriber_queue,
      (SELECT count(*) FROM check_ins WHERE status IN ('DUE', 'SUBMITTED')) AS waiting_check_ins`);
    expect(owners).toMatchObject({ renewal_mismatch: "0", assessment_mismatch: "0", answers_mismatch: "0" });
    expect(Number(owners.renewals)).toBeGreaterThan(0);
    expect(Number(owners.pharmacist_queue)).toBe(expected(SCALE_COUNTS.orders) / 100);
    expect(Number(owners.prescriber_queue)).toBe(Math.round(expected(SCALE_COUNTS.prescriptionRequests) * 0.03));
    expect(Number(owners.waiting_check_ins)).toBe(expected(SCALE_COUNTS.subscriptions) / 5);
    // The queues hold the newest cases: none waiting is older than anything decided.
    const ages = await one<{ newest_dispatched: Date; oldest_waiting: Date }>(
      "SELECT (SELECT max(paid_at) FROM orders WHERE status = 'DISPATCHED') AS newest_dispatched, (SELECT min(paid_at) FROM orders WHERE status = 'AWAITING_PHARMACIST') AS oldest_waiting",
    );
    expect(ages.oldest_waiting.getTime()).toBeGreaterThan(ages.newest_dispatched.getTime());

    // The busy patient's share (capped by what exists at this size).
    const mine = await one<Record<string, string>>(
      "SELECT (SELECT count(*) FROM orders WHERE user_id = $1) AS orders, (SELECT count(*) FROM prescription_requests WHERE user_id = $1) AS requests, (SELECT count(*) FROM subscriptions WHERE user_id = $1) AS subscriptions",
      [busy.id],
    );
    expect(counts).toMatchObject({ busyOrders: expected(SCALE_COUNTS.orders) / 20, busyRequests: expected(SCALE_COUNTS.prescriptionRequests) / 20 });
    expect(Number(mine.orders)).toBeGreaterThanOrEqual(counts.busyOrders);
    expect(Number(mine.requests)).toBe(counts.busyRequests);
    expect(Number(mine.subscriptions)).toBe(3);

    // Written through the hash-chain trigger, as the app writes: the chain verifies.
    expect(await verifyAuditChain(client)).toMatchObject({ ok: true, count: expected(SCALE_COUNTS.auditEvents) });
  });
});
