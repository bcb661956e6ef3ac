// Every hot query is backed by an index (issue 24): the services behind the pages and APIs a
// patient or staff member uses all day run against the bench's scaled data (bench/scale, at
// 6 % of a busy clinic's year: tens of thousands of orders, thousands of them prescription-only
// with the prescriber's authorisation, hundreds of thousands of audit events), every statement they send is recorded at the PostgreSQL driver, and each is run
// again under EXPLAIN ANALYZE with its own parameters (in a rolled-back transaction). A
// sequential scan of a table holding more than 10,000 rows fails the test, and so does any
// scan that reads more than 10,000 rows only to discard them by filter (an index that does
// not answer the query), naming the service, the table and the statement.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import prescriptionAnswers from "@/tests/fixtures/prescription-answers.json";
import assessmentAnswers from "@/tests/fixtures/assessment-answers.json";
import { viagraAssessment } from "@/lib/questionnaire/definitions/pde5";
import { seedScale } from "@/bench/scale/seed-scale.mjs";
import { APP_CONNECTION_OPTIONS } from "@/lib/server/core/db/connection-options";
import { createScratchDatabase } from "@/scripts/lib/scratch-database.mjs";
import { patientActor, staffActor } from "@/tests/factories/actor";

jest.setTimeout(600_000);

const repo = path.resolve(__dirname, "../../..");
const FACTOR = 0.06;
const LARGE = 10_000;
// The prescribers' list of orders is read ten at a time, so five pages in is a later page at this size.
const PRESCRIBE_PAGE = 10;

type Statement = { text: string; values: unknown[] };
type PlanNode = { "Node Type": string; "Relation Name"?: string; "Rows Removed by Filter"?: number; "Actual Loops"?: number; Plans?: PlanNode[] };

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let inspector: pg.Client;
const recorded: Statement[] = [];
const people = {
  busy: { id: randomUUID(), name: "Morgan Busy", email: "busy.patient@scale.example.test" },
  prescriber: { id: randomUUID(), name: "Dr Scale", email: "rx@scale.example.test" },
  pharmacist: { id: randomUUID(), name: "Scale Pharmacist", email: "ph@scale.example.test" },
  admin: { id: randomUUID(), name: "Scale Admin", email: "admin@scale.example.test" },
};
const savedEnv = { DATABASE_URL: process.env.DATABASE_URL, APP_DATABASE_URL: process.env.APP_DATABASE_URL };

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.DATABASE_URL!, "scale_plans_test");
  execFileSync(process.execPath, ["scripts/db/cli.mjs", "seed"], { cwd: repo, env: { ...process.env, DATABASE_URL: scratch.url }, stdio: "pipe", timeout: 120_000 });
  // Planned with the app's own connection settings (random_page_cost), as its queries are.
  inspector = new pg.Client({ connectionString: scratch.url, options: APP_CONNECTION_OPTIONS });
  await inspector.connect();
  const { busy, prescriber, pharmacist, admin } = people;
  await inspector.query(
    `INSERT INTO users (id, name, email, email_verified_at, password_hash, role, updated_at)
     VALUES ($1, $2, $3, now(), 'x', 'CUSTOMER', now()), ($4, $5, $6, now(), 'x', 'PRESCRIBER', now()), ($7, $8, $9, now(), 'x', 'PHARMACIST', now()), ($10, $11, $12, now(), 'x', 'ADMIN', now())`,
    [busy.id, busy.name, busy.email, prescriber.id, prescriber.name, prescriber.email, pharmacist.id, pharmacist.name, pharmacist.email, admin.id, admin.name, admin.email],
  );
  await inspector.query("INSERT INTO staff_profiles (user_id, registration_body, registration_number, updated_at) VALUES ($1, 'GMC', '7654321', now()), ($2, 'GPhC', '2098765', now())", [prescriber.id, pharmacist.id]);
  await seedScale(scratch.url, {
    factor: FACTOR,
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
    busy,
    staff: { prescriberId: prescriber.id, pharmacistId: pharmacist.id },
    answers: {
      prescription: prescriptionAnswers,
      prescriptionVersion: 1,
      assessment: assessmentAnswers["minoxidil-men"],
      assessmentVersion: 1,
      pom: { answers: assessmentAnswers.pde5, version: viagraAssessment.version, dateOfBirthStep: viagraAssessment.steps.findIndex((question) => question.id === "date-of-birth") + 1 },
    },
  });

  // The services below load afresh against the scaled database, and every statement their
  // driver sends is recorded.
  process.env.DATABASE_URL = scratch.url;
  delete process.env.APP_DATABASE_URL;
  delete (globalThis as { db?: unknown }).db;
  jest.resetModules();
  const driver = (await import("pg")).default;
  const send = driver.Client.prototype.query as (...args: unknown[]) => unknown;
  driver.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    recorded.push(typeof config === "string" ? { text: config, values: Array.isArray(values) ? values : [] } : { text: config.text, values: config.values ?? [] });
    return send.apply(this, args);
  } as typeof driver.Client.prototype.query;
});

afterAll(async () => {
  const { db } = await import("@/lib/server/core/db/client");
  await db.$disconnect();
  delete (globalThis as { db?: unknown }).db;
  Object.assign(process.env, savedEnv);
  await inspector?.end();
  await scratch?.drop();
});

/** Rows per table as the planner knows them (the seed ran ANALYZE). */
async function tableSizes(): Promise<Map<string, number>> {
  const { rows } = await inspector.query<{ relname: string; reltuples: number }>("SELECT relname, reltuples::float8 AS reltuples FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace");
  return new Map(rows.map((row) => [row.relname, Number(row.reltuples)]));
}

/** Each scan that reads a whole table, or reads rows only to throw them away (an index scan whose filter the index cannot answer). */
function wastefulScans(node: PlanNode, found: { table: string; how: string }[] = []): { table: string; how: string }[] {
  const table = node["Relation Name"];
  if (table && node["Node Type"] === "Seq Scan") found.push({ table, how: "sequential scan" });
  const discarded = (node["Rows Removed by Filter"] ?? 0) * (node["Actual Loops"] ?? 1);
  if (table && discarded > LARGE) found.push({ table, how: `${node["Node Type"]} discarding ${discarded} rows by filter` });
  for (const child of node.Plans ?? []) wastefulScans(child, found);
  return found;
}

/** Runs `work`, then EXPLAINs each statement it sent (reads and writes that find rows). */
async function plansOf(name: string, work: () => Promise<unknown>): Promise<string[]> {
  recorded.length = 0;
  await work();
  const sizes = await tableSizes();
  const problems: string[] = [];
  const statements = recorded.filter((statement) => /^\s*(SELECT|WITH|UPDATE|DELETE)\b/i.test(statement.text));
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    // Executed, to count the rows each scan really reads, inside a transaction that is rolled back.
    await inspector.query("BEGIN");
    let plan: PlanNode;
    try {
      const { rows } = await inspector.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
      plan = rows[0]!["QUERY PLAN"][0].Plan;
    } finally {
      await inspector.query("ROLLBACK");
    }
    if (process.env.SHOW_PLANS) console.log(name, statement.text, JSON.stringify(plan, null, 1));
    for (const { table, how } of wastefulScans(plan)) {
      if (how !== "sequential scan" || (sizes.get(table) ?? 0) > LARGE) problems.push(`${name}: ${how} of ${table} (${Math.round(sizes.get(table) ?? 0)} rows) in: ${statement.text.replace(/\s+/g, " ").slice(0, 300)}`);
    }
  }
  return problems;
}

/** Follows a queue's Next links five pages in: the deep page must be a later page of the queue. */
async function deepPage(read: (after: string | null) => Promise<{ next: string | null; later: boolean }>) {
  let page = await read(null);
  for (let n = 0; n < 5 && page.next; n += 1) page = await read(page.next);
  expect(page.later).toBe(true);
}

async function firstId(sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await inspector.query<{ id: string }>(sql, params);
  if (!rows[0]) throw new Error(`The scaled data has no row for: ${sql}`);
  return rows[0].id;
}

describe("hot queries on a busy clinic's data", () => {
  it("has tables large enough to matter", async () => {
    const sizes = await tableSizes();
    for (const table of ["orders", "order_lines", "order_events", "payments", "audit_events", "outbox_emails", "rate_limit_buckets", "questionnaire_responses", "prescription_requests"]) {
      expect([table, sizes.get(table)! > LARGE]).toEqual([table, true]);
    }
    // Enough prescription-only orders that their tables are read through indexes too, and a
    // prescribers' list of orders several pages long.
    expect(sizes.get("order_prescriptions")).toBeGreaterThan(LARGE / 2);
    const { rows } = await inspector.query<{ waiting: string }>(
      "SELECT count(*) AS waiting FROM orders o WHERE o.status = 'AWAITING_PHARMACIST' AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.product_kind = 'PRESCRIPTION_ONLY') AND NOT EXISTS (SELECT 1 FROM order_prescriptions p WHERE p.order_id = o.id)",
    );
    expect(Number(rows[0]!.waiting)).toBeGreaterThan(5 * PRESCRIBE_PAGE);
  });

  it("reads every page and API of the day through indexes", async () => {
    const prescriber = staffActor(people.prescriber, "PRESCRIBER");
    const pharmacist = staffActor(people.pharmacist, "PHARMACIST");
    const admin = staffActor(people.admin, "ADMIN");
    const patient = patientActor(people.busy);
    const openRequest = await firstId("SELECT id::text AS id FROM prescription_requests WHERE status = 'SUBMITTED' ORDER BY submitted_at LIMIT 1");
    const queuedOrder = await firstId("SELECT id::text AS id FROM orders WHERE status = 'AWAITING_PHARMACIST' ORDER BY paid_at LIMIT 1");
    const queuedReference = await firstId("SELECT reference AS id FROM orders WHERE status = 'AWAITING_PHARMACIST' ORDER BY paid_at DESC LIMIT 1");
    const openReference = await firstId("SELECT reference AS id FROM prescription_requests WHERE status = 'SUBMITTED' ORDER BY submitted_at DESC LIMIT 1");
    const busyRequest = await firstId("SELECT id::text AS id FROM prescription_requests WHERE user_id = $1 LIMIT 1", [people.busy.id]);
    const waitingForPrescriber = `FROM orders o WHERE o.status = 'AWAITING_PHARMACIST' AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.product_kind = 'PRESCRIPTION_ONLY')
                                  AND NOT EXISTS (SELECT 1 FROM order_prescriptions p WHERE p.order_id = o.id)`;
    const pomOrder = await firstId(`SELECT o.id::text AS id ${waitingForPrescriber} ORDER BY o.paid_at LIMIT 1`);
    const pomReference = await firstId(`SELECT o.reference AS id ${waitingForPrescriber} ORDER BY o.paid_at DESC LIMIT 1`);

    const { listReviewQueue } = await import("@/lib/server/prescription-review/list-review-queue");
    const { getReviewCase } = await import("@/lib/server/prescription-review/get-review-case");
    const { listOrderQueue } = await import("@/lib/server/orders/review/list-order-queue");
    const { getOrderCase } = await import("@/lib/server/orders/review/get-order-case");
    const { listCheckInQueue } = await import("@/lib/server/check-ins/list-check-in-queue");
    const { listAuditEvents } = await import("@/lib/server/prescription-review/list-audit-events");
    const { getAccount } = await import("@/lib/server/account/get-account");
    const { listUserPrescriptions } = await import("@/lib/server/prescriptions/list-user-prescriptions");
    const { listUserBookings } = await import("@/lib/server/booking/list-user-bookings");
    const { listPatientTasks } = await import("@/lib/server/prescriptions/list-patient-tasks");
    const { findIdentityTask } = await import("@/lib/server/identity/find-identity-task");
    const { listWeightTasks } = await import("@/lib/server/weight-verification/list-weight-tasks");
    const { getGpTask } = await import("@/lib/server/gp/get-gp-task");
    const { listUserOrders } = await import("@/lib/server/orders/history/user-orders");
    const { listUserSubscriptions, subscriptionStatus } = await import("@/lib/server/subscriptions/user-subscriptions");

    const problems = [
      ...(await plansOf("prescribers' queue", () => listReviewQueue(prescriber))),
      ...(await plansOf("prescribers' queue, a page deep", () => deepPage((after) => listReviewQueue(prescriber, { after, size: 20 }).then((queue) => ({ next: queue.nextAfter, later: queue.isLaterPage }))))),
      ...(await plansOf("prescribers' queue, found by reference", () => listReviewQueue(prescriber, { reference: openReference }))),
      ...(await plansOf("a prescription case", () => getReviewCase(prescriber, openRequest))),
      ...(await plansOf("pharmacists' queue", () => listOrderQueue(pharmacist))),
      ...(await plansOf("pharmacists' queue, a page deep", () => deepPage((after) => listOrderQueue(pharmacist, { after: { review: after }, size: 20 }).then((queue) => ({ next: queue.review!.nextAfter, later: queue.review!.isLaterPage }))))),
      ...(await plansOf("pharmacists' queue, found by reference", () => listOrderQueue(pharmacist, { reference: queuedReference }))),
      ...(await plansOf("an order case", () => getOrderCase(pharmacist, queuedOrder))),
      // "Orders to prescribe": the prescription-only orders waiting for a prescriber, and one of them as the prescriber opens it (its supply checks read).
      ...(await plansOf("prescribers' order list", () => listOrderQueue(prescriber))),
      ...(await plansOf("prescribers' order list, a page deep", () =>
        deepPage((after) => listOrderQueue(prescriber, { after: { prescribe: after }, size: PRESCRIBE_PAGE }).then((queue) => ({ next: queue.prescribe!.nextAfter, later: queue.prescribe!.isLaterPage }))),
      )),
      ...(await plansOf("prescribers' order list, found by reference", async () => {
        const queue = await listOrderQueue(prescriber, { reference: pomReference });
        expect(queue.prescribe!.items.map((item) => item.reference)).toEqual([pomReference]);
      })),
      ...(await plansOf("a prescription-only order, as a prescriber opens it", async () => {
        const found = await getOrderCase(prescriber, pomOrder);
        expect(found.awaitingPrescriber).toBe(true);
      })),
      ...(await plansOf("check-in queue", () => listCheckInQueue(prescriber))),
      ...(await plansOf("check-in queue, a page deep", () => deepPage((after) => listCheckInQueue(prescriber, { after, size: 5 }).then((queue) => ({ next: queue.nextAfter, later: queue.isLaterPage }))))),
      ...(await plansOf("audit log, first page", () => listAuditEvents(admin, {}))),
      ...(await plansOf("audit log, one request", () => listAuditEvents(admin, { subject: busyRequest }))),
      ...(await plansOf("the busy patient's dashboard", () => Promise.all([getAccount(patient), listPatientTasks(patient), findIdentityTask(patient), listWeightTasks(patient), getGpTask(patient)]))),
      ...(await plansOf("the busy patient's orders", () => listUserOrders(patient))),
      ...(await plansOf("the busy patient's orders, a page deep", async () => {
        let page = await listUserOrders(patient);
        for (let n = 0; n < 10 && page.olderBefore; n += 1) page = await listUserOrders(patient, { before: page.olderBefore });
        expect(page.isLaterPage).toBe(true);
      })),
      ...(await plansOf("the busy patient's prescription requests and consultations", () => Promise.all([listUserPrescriptions(patient), listUserBookings(patient)]))),
      ...(await plansOf("the busy patient's prescription requests, a page deep", async () => {
        let page = await listUserPrescriptions(patient);
        for (let n = 0; n < 3 && page.olderBefore; n += 1) page = await listUserPrescriptions(patient, { before: page.olderBefore });
        expect(page.isLaterPage).toBe(true);
      })),
      ...(await plansOf("GET /api/user-subscriptions", () => listUserSubscriptions(patient))),
      ...(await plansOf("GET /api/subscription-status", () => subscriptionStatus(patient))),
    ];
    expect(problems).toEqual([]);
  });
});
