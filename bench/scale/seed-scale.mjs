// A busy clinic's year of data (issue 24), written straight into a migrated and seeded
// database by PostgreSQL itself: each table is one INSERT … SELECT over generate_series (a
// few statements per table, in chunks so progress shows), so nothing crosses the wire but the
// statements. At factor 1:
//
//   100,000 patients                 1,000,000 orders (2,000,000 lines at most, 3,000,000 timeline
//                                     events; one in ten prescription-only Viagra or Cialis, the
//                                     older ones with the prescriber's authorisation)
//   200,000 prescription requests    (with their questionnaire answers, 100,000 case messages,
//                                     the issued ones' prescriptions)
//   50,000 subscriptions             (their renewals are among the orders; the Mounjaro ones'
//                                     monthly check-ins)
//   5,000,000 audit events           (through the hash-chain trigger, as the app writes them)
//   1,000,000 outbox emails          2,000,000 rate-limit rows (nearly all expired)
//   one busy patient with 500 orders (a few prescription-only) and 50 prescription requests
//
// The shapes are the app's: the rows the tests' factories and the app's own services write
// (answers from the same fixtures, references in the same alphabet, v4-shaped ids, the
// catalogue's products and plans), spread over the past year, the newest still waiting in the
// prescribers' and the pharmacists' queues as a real clinic's would: the newest prescription-only
// orders wait for a prescriber ("Orders to prescribe"), every older one carries the prescriber's
// authorisation (order_prescriptions) or their decline, and each one's patient a verified
// identity document matching the assessment behind it, so the supply checks a prescriber and a
// pharmacist read are met. Ids and references come from each row's number (a bijection for the
// six-character references), so a run is repeatable and never collides with itself.
//
// `factor` scales every count (0.1 is a tenth of the clinic); the busy patient keeps their share.
import { createHash } from "node:crypto";
import pg from "pg";
import { auditEventHash, GENESIS_HASH } from "../../scripts/lib/audit-chain.mjs";
import { oneRow } from "../one-row.mjs";

export const SCALE_COUNTS = {
  patients: 100_000,
  orders: 1_000_000,
  prescriptionRequests: 200_000,
  subscriptions: 50_000,
  auditEvents: 5_000_000,
  outboxEmails: 1_000_000,
  rateLimitRows: 2_000_000,
  busyOrders: 500,
  busyRequests: 50,
};

// What is still waiting: the newest 1 % of orders for a pharmacist (their prescription-only ones
// first for a prescriber), the newest 3 % of prescription requests for a prescriber (a day or
// two of a busy clinic's intake).
const ORDER_QUEUE_SHARE = 0.01;
const REQUEST_QUEUE_SHARE = 0.03;
const CHUNK = 250_000;
// Order n is prescription-only when n % 10 = 5 (never a renewal: those are n % 10 = 0), and the
// prescriber declines one in ten of them (n % 100 = 55). The busy patient has at most this many.
const BUSY_POM_ORDERS = 5;

const FIRST_NAMES = ["Alex", "Sam", "Jordan", "Priya", "Tom", "Aisha", "Chris", "Hannah", "Mohammed", "Emma", "Daniel", "Grace", "Oliver", "Fatima", "James", "Chloe", "Ravi", "Lucy", "Kwame", "Sophie"];
const LAST_NAMES = ["Morgan", "Patel", "Smith", "Jones", "Khan", "Williams", "Brown", "Taylor", "Davies", "Evans", "Wilson", "Thomas", "Roberts", "Johnson", "Lewis", "Walker", "Hughes", "Green", "Hall", "Wood"];

/**
 * The rows written (patients, orders, requests, …, as the seed's counts after `factor`).
 * @typedef {object} ScaleCounts
 * @property {number} patients
 * @property {number} orders
 * @property {number} requests
 * @property {number} subscriptions
 * @property {number} audit
 * @property {number} outbox
 * @property {number} rateLimits
 * @property {number} busyOrders
 * @property {number} busyRequests
 * @property {number} pomOrders prescription-only orders (every tenth: orders 5, 15, 25, …)
 * @property {number} busyPomOrders
 */
/** @typedef {{ answers: Record<string, { text?: string, choice?: string }>, version: number, dateOfBirthStep: number }} PomAnswers The Viagra and Cialis assessment's answers, its version, and the step asking the date of birth. */
/**
 * @typedef {object} SeedScaleOptions
 * @property {number} [factor]
 * @property {number} [queueFloor]
 * @property {string} passwordHash
 * @property {{ id: string, email: string }} busy
 * @property {{ prescriberId: string, pharmacistId: string }} staff
 * @property {{ prescription: unknown, prescriptionVersion: number, assessment: unknown, assessmentVersion: number, pom: PomAnswers }} answers
 * @property {boolean} [bulk]
 * @property {(line: string) => void} [log]
 */
/** @typedef {{ total: number, prescriberId: string, pharmacistId: string, requests: number, orders: number }} AuditParams */
/** @typedef {(sql: string, total: number, params?: unknown[]) => Promise<void>} Chunked Runs `sql` over rows [1, total] in chunks. */

// Helper functions live in the session's own temporary schema: nothing is left behind.
const FUNCTIONS = `
-- Written as single expressions (no FROM) so PostgreSQL inlines them into each statement.
CREATE FUNCTION pg_temp.scale_uuid(tag text, n bigint) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT overlay(overlay(md5(tag || ':' || n) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid
$$;
-- Six characters of the references' alphabet; n * 7919 is a bijection modulo 31^6, so
-- distinct numbers never share a reference.
CREATE FUNCTION pg_temp.scale_digit(v bigint, k int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', ((v / (CASE k WHEN 0 THEN 1 WHEN 1 THEN 31 WHEN 2 THEN 961 WHEN 3 THEN 29791 WHEN 4 THEN 923521 ELSE 28629151 END)) % 31)::int + 1, 1)
$$;
CREATE FUNCTION pg_temp.scale_code(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT pg_temp.scale_digit((n * 7919 + 104729) % 887503681, 5) || pg_temp.scale_digit((n * 7919 + 104729) % 887503681, 4) || pg_temp.scale_digit((n * 7919 + 104729) % 887503681, 3)
      || pg_temp.scale_digit((n * 7919 + 104729) % 887503681, 2) || pg_temp.scale_digit((n * 7919 + 104729) % 887503681, 1) || pg_temp.scale_digit((n * 7919 + 104729) % 887503681, 0)
$$;
-- "RX-7K3Q-9DMW-T4HB": twelve characters in three groups (the first six alone are unique).
CREATE FUNCTION pg_temp.scale_rx(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'RX-' || substr(pg_temp.scale_code(n), 1, 4) || '-' || substr(pg_temp.scale_code(n), 5, 2) || substr(pg_temp.scale_code(n + 500000000), 1, 2) || '-' || substr(pg_temp.scale_code(n + 500000000), 3, 4)
$$;
-- A moment in the past year: row n of total, the newest last.
CREATE FUNCTION pg_temp.scale_at(n bigint, total bigint) RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE 'UTC') - make_interval(secs => (365 * 86400)::double precision * (total - n) / greatest(total, 1)) - interval '5 minutes'
$$;
-- Every 10th order renews a minoxidil subscription (the Mounjaro ones renew through their
-- check-ins); the rest are one-off orders, ten per patient.
CREATE FUNCTION pg_temp.scale_order_subscription(o bigint, subscriptions bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN o % 10 = 0 AND (1 + (o / 10) % subscriptions) % 5 <> 0 THEN 1 + (o / 10) % subscriptions END
$$;
CREATE FUNCTION pg_temp.scale_subscription_user(s bigint, patients bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT 1 + ((s - 1) * 2) % patients
$$;
CREATE FUNCTION pg_temp.scale_order_user(o bigint, patients bigint, subscriptions bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(pg_temp.scale_subscription_user(pg_temp.scale_order_subscription(o, subscriptions), patients), 1 + (o - 1) % patients)
$$;
-- A prescription-only order's patient takes Viagra or Cialis (the same one every time), and
-- was born on a date of their own (what their assessment and identity document both say).
CREATE FUNCTION pg_temp.scale_viagra(u bigint) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (u / 10) % 2 = 0
$$;
CREATE FUNCTION pg_temp.scale_birth_date(u bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(date '1958-01-01' + ((u * 7919) % 14600)::int, 'YYYY-MM-DD')
$$;
`;

/**
 * Seeds the scaled data into `connectionString` (migrated and seeded with the catalogue).
 * `passwordHash` is every patient's (the factory's, so the bench can sign in as any of them);
 * `busy` is the account the busy patient's rows go to (made by the tests' factory), `staff`
 * the prescriber and pharmacist who decided the decided cases (the prescriber with a staff
 * profile: their registration goes on what they prescribe, as the app records it), and
 * `answers` the fixtures' questionnaire answers (`answers.pom`: the Viagra and Cialis
 * assessment's, its version and the step that asks the date of birth). `bulk: false` keeps every
 * trigger on even for a superuser. `queueFloor`: at least this many cases wait in each staff list
 * (prescription requests, and prescription-only orders among the waiting ones, a tenth of them),
 * whatever the factor: the bench's empty clinic asks for full first pages, so both clinics it
 * compares render the same pages. Returns the counts written, the seconds each step took, and
 * whether bulk mode was used.
 * @param {string} connectionString
 * @param {SeedScaleOptions} options
 * @returns {Promise<{ counts: ScaleCounts, timings: Record<string, number>, bulk: boolean }>}
 */
export async function seedScale(connectionString, { factor = 1, passwordHash, busy, staff, answers, queueFloor = 0, bulk: allowBulk = true, log = () => {} }) {
  const n = (/** @type {number} */ count) => Math.max(1, Math.round(count * factor));
  const sized = {
    patients: n(SCALE_COUNTS.patients),
    orders: n(SCALE_COUNTS.orders),
    requests: n(SCALE_COUNTS.prescriptionRequests),
    subscriptions: n(SCALE_COUNTS.subscriptions),
    audit: n(SCALE_COUNTS.auditEvents),
    outbox: n(SCALE_COUNTS.outboxEmails),
    rateLimits: n(SCALE_COUNTS.rateLimitRows),
    // At a small factor the busy patient has no more than a fifth of the orders and requests:
    // from 0.0025 (2,500 orders, 500 requests: the bench's empty clinic) they have their whole
    // 500 and 50, so both clinics the bench compares show the same patient the same pages.
    busyOrders: Math.max(1, Math.min(SCALE_COUNTS.busyOrders, Math.floor(n(SCALE_COUNTS.orders) / 5))),
    busyRequests: Math.max(1, Math.min(SCALE_COUNTS.busyRequests, Math.floor(n(SCALE_COUNTS.prescriptionRequests) / 5))),
  };
  // Orders 5, 15, 25, … are prescription-only; the busy patient has a few (a twentieth at most).
  const pomOrders = Math.floor((sized.orders + 5) / 10);
  /** @type {ScaleCounts} */
  const counts = { ...sized, pomOrders, busyPomOrders: Math.max(1, Math.min(BUSY_POM_ORDERS, Math.floor(pomOrders / 20))) };
  const client = new pg.Client({ connectionString, application_name: "bench-scale-seed" });
  await client.connect();
  /** @type {Record<string, number>} seconds by step */
  const timings = {};
  /**
   * @param {string} name
   * @param {() => Promise<unknown>} work
   */
  const step = async (name, work) => {
    const started = Date.now();
    await work();
    timings[name] = (Date.now() - started) / 1000;
    log(`scale seed: ${name} in ${(timings[name] ?? 0).toFixed(1)} s`);
  };
  /** Runs `sql` over rows [from, to] in chunks: $1 = from, $2 = to, $3 = total, then `params` from $4. @type {Chunked} */
  const chunked = async (sql, total, params = []) => {
    for (let from = 1; from <= total; from += CHUNK) await client.query(sql, [from, Math.min(total, from + CHUNK - 1), total, ...params]);
  };
  try {
    await client.query(FUNCTIONS);
    // Bulk mode: as a superuser (the bench's own database), triggers are off for this session —
    // foreign keys are not re-checked row by row (the shapes above keep them; the seed's test
    // checks them) and the audit chain is computed here. Otherwise every row goes through them.
    const bulk = allowBulk && (await client.query("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")).rows[0]?.rolsuper === true;
    if (bulk) await client.query("SET session_replication_role = replica");
    const catalogue = await readCatalogue(client);
    const prescriber = await readPrescriber(client, staff.prescriberId);
    const { patients: P, orders: O, requests: R, subscriptions: S } = counts;
    // Never more than half the clinic waits, whatever the floor.
    const orderQueueFrom = O - Math.min(Math.floor(O / 2), Math.max(1, Math.round(O * ORDER_QUEUE_SHARE), queueFloor * 10)) + 1;
    const requestQueueFrom = R - Math.min(Math.floor(R / 2), Math.max(1, Math.round(R * REQUEST_QUEUE_SHARE), queueFloor)) + 1;

    await step("patients", () =>
      chunked(
        `INSERT INTO users (id, name, email, email_verified_at, password_hash, role, created_at, updated_at)
         SELECT pg_temp.scale_uuid('user', i), ($4::text[])[1 + i % 20] || ' ' || ($5::text[])[1 + (i / 20) % 20], 'scale-' || i || '@scale.example.test',
                pg_temp.scale_at(i, $3), $6, 'CUSTOMER', pg_temp.scale_at(i, $3), pg_temp.scale_at(i, $3)
         FROM generate_series($1::bigint, $2::bigint) AS i`,
        P,
        [FIRST_NAMES, LAST_NAMES, passwordHash],
      ),
    );

    // Each patient's passed minoxidil assessment (behind their medicine lines and subscriptions).
    await step("assessments", () =>
      chunked(
        `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, outcome, valid_until, created_at, updated_at)
         SELECT pg_temp.scale_uuid('assessment', i), 'minoxidil', $5, pg_temp.scale_uuid('user', i), $4::jsonb, pg_temp.scale_at(i, $3), 'ELIGIBLE',
                pg_temp.scale_at(i, $3) + interval '180 days', pg_temp.scale_at(i, $3), pg_temp.scale_at(i, $3)
         FROM generate_series($1::bigint, $2::bigint) AS i`,
        P,
        [JSON.stringify(answers.assessment), answers.assessmentVersion],
      ),
    );

    // Each patient with a prescription-only order: their passed Viagra or Cialis assessment (the
    // fixture's answers with their own date of birth) an hour before their first such order, and
    // the identity document they verified half an hour later in their account's name and that
    // date of birth (what the identity check compares; a document number of their own).
    const pomPatients = `SELECT 1 + (o - 1) % $2 AS u, pg_temp.scale_at(min(o), $1) AS first_at FROM generate_series(5, $1::bigint, 10) AS o GROUP BY 1`;
    await step("prescription-only assessments", async () => {
      await client.query(
        `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, outcome, valid_until, created_at, updated_at)
         SELECT pg_temp.scale_uuid('pom-assessment', u), CASE WHEN pg_temp.scale_viagra(u) THEN 'viagra' ELSE 'cialis' END, $4, pg_temp.scale_uuid('user', u),
                jsonb_set($3::jsonb, ARRAY[$5::text, 'text'], to_jsonb(pg_temp.scale_birth_date(u))), at, 'ELIGIBLE', at + interval '90 days', at, at
         FROM (${pomPatients}) AS p, LATERAL (SELECT first_at - interval '1 hour' AS at) AS x`,
        [O, P, JSON.stringify(answers.pom.answers), answers.pom.version, String(answers.pom.dateOfBirthStep)],
      );
      await client.query(
        `INSERT INTO identity_verifications (id, user_id, provider_session_id, status, verified_first_name, verified_last_name, date_of_birth, document_hash, created_at, updated_at, verified_at)
         SELECT pg_temp.scale_uuid('identity', u), pg_temp.scale_uuid('user', u), 'vs_scale_' || u, 'VERIFIED', ($3::text[])[1 + u % 20], ($4::text[])[1 + (u / 20) % 20], pg_temp.scale_birth_date(u),
                encode(sha256(convert_to('GB|P' || lpad(u::text, 8, '0'), 'UTF8')), 'hex'), at, at, at
         FROM (${pomPatients}) AS p, LATERAL (SELECT first_at - interval '30 minutes' AS at) AS x`,
        [O, P, FIRST_NAMES, LAST_NAMES],
      );
    });

    // Four in five renew minoxidil; one in five is Mounjaro (prescription-only: monthly check-ins).
    await step("subscriptions", () =>
      chunked(
        `INSERT INTO subscriptions (id, stripe_subscription_id, stripe_customer_id, user_id, email, plan_id, product_id, assessment_id, price_pence, duration_months, status,
                                    current_period_start, current_period_end, canceled_at, ship_name, ship_line1, ship_city, ship_postcode, synced_at, created_at, updated_at)
         SELECT pg_temp.scale_uuid('subscription', s), 'sub_scale_' || s, 'cus_scale_' || u, pg_temp.scale_uuid('user', u), 'scale-' || u || '@scale.example.test',
                CASE WHEN mounjaro THEN $4 ELSE $5 END, CASE WHEN mounjaro THEN $6 ELSE $7 END, CASE WHEN mounjaro THEN NULL ELSE pg_temp.scale_uuid('assessment', u) END,
                CASE WHEN mounjaro THEN 19900 ELSE 2999 END, 1, CASE WHEN s % 10 = 3 THEN 'CANCELED' ELSE 'ACTIVE' END::"SubscriptionStatus",
                today - make_interval(days => (s % 28)::int), today + make_interval(days => 28 - (s % 28)::int),
                CASE WHEN s % 10 = 3 THEN today - interval '3 days' END, 'Scale Patient', '1 High Street', 'Leeds', 'LS1 4AP', now(), pg_temp.scale_at(s, $3) - interval '200 days', now()
         FROM generate_series($1::bigint, $2::bigint) AS s,
              LATERAL (SELECT pg_temp.scale_subscription_user(s, $8) AS u, s % 5 = 0 AS mounjaro, date_trunc('day', now() AT TIME ZONE 'UTC') AS today) AS x`,
        S,
        [catalogue.plans.mounjaro, catalogue.plans.minoxidil, catalogue.products.mounjaro, catalogue.products.minoxidil, P],
      ),
    );

    // Each Mounjaro subscription's monthly check-ins: five approved, the current one answered
    // (waiting for a prescriber) or not yet.
    await step("check-ins", () =>
      client.query(
        `INSERT INTO check_ins (id, reference, subscription_id, user_id, period_end, status, weight_kg, wants_to_continue, submitted_at, decided_by_id, decided_at, created_at, updated_at)
         SELECT pg_temp.scale_uuid('check-in', s * 10 + k), 'CI-' || pg_temp.scale_code(s * 10 + k), sub.id, sub.user_id, sub.current_period_end - make_interval(months => 6 - k),
                CASE WHEN k < 6 THEN 'APPROVED' WHEN answered THEN 'SUBMITTED' ELSE 'DUE' END::"CheckInStatus",
                CASE WHEN answered THEN 96.5 - k END, CASE WHEN answered THEN 'YES' END::"CheckInContinue",
                CASE WHEN answered THEN sub.current_period_end - make_interval(months => 6 - k, days => 5) END,
                CASE WHEN k < 6 THEN $1::uuid END, CASE WHEN k < 6 THEN sub.current_period_end - make_interval(months => 6 - k, days => 4) END,
                sub.current_period_end - make_interval(months => 7 - k), now()
         FROM generate_series(5, $2::bigint, 5) AS s, generate_series(1, 6) AS k,
              LATERAL (SELECT id, user_id, current_period_end FROM subscriptions WHERE stripe_subscription_id = 'sub_scale_' || s) AS sub,
              LATERAL (SELECT k < 6 OR s % 2 = 0 AS answered) AS x`,
        [staff.prescriberId, S],
      ),
    );

    // A third of the orders (every renewal, every prescription-only one, and all the newest) carry
    // a medicine the pharmacist reviews: minoxidil, or for a prescription-only order Viagra or
    // Cialis (which the prescriber authorises first, or declines).
    const orderShape = `LATERAL (SELECT pg_temp.scale_order_user(o, $5, $6) AS u, pg_temp.scale_order_subscription(o, $6) AS sub, pg_temp.scale_at(o, $3) AS at, o % 10 = 5 AS pom,
                                        (o % 3 = 0 OR o % 10 = 5 OR o >= $4 OR pg_temp.scale_order_subscription(o, $6) IS NOT NULL) AS medicine, o % 100 = 1 AS lapsed) AS x,
                        LATERAL (SELECT NOT lapsed AND o < $4 AND medicine AND (o % 50 = 0 OR o % 100 = 55) AS declined, pom AND pg_temp.scale_viagra(u) AS viagra,
                                        CASE WHEN pom AND pg_temp.scale_viagra(u) THEN 2499 ELSE 2999 END AS medicine_pence) AS y`;
    const orderParams = [orderQueueFrom, P, S];
    await step("orders", async () => {
      await chunked(
        `INSERT INTO payments (id, purpose, amount_pence, currency, status, checkout_session_id, expires_at, payment_intent_id, paid_at, created_at, updated_at)
         SELECT pg_temp.scale_uuid('order-payment', o), 'ORDER', CASE WHEN medicine THEN 1599 + medicine_pence ELSE 1998 END, 'gbp', CASE WHEN lapsed THEN 'EXPIRED' ELSE 'PAID' END::"PaymentStatus",
                'cs_scale_order_' || o, at + interval '30 minutes', CASE WHEN NOT lapsed THEN 'pi_scale_order_' || o END, CASE WHEN NOT lapsed THEN at + interval '2 minutes' END, at, at
         FROM generate_series($1::bigint, $2::bigint) AS o, ${orderShape}`,
        O,
        orderParams,
      );
      await chunked(
        `INSERT INTO orders (id, reference, user_id, email, customer_key, status, payment_id, delivery_option_slug, delivery_name, delivery_pence, subtotal_pence, discount_pence, total_pence,
                             ship_name, ship_line1, ship_city, ship_postcode, needs_review, has_prescription_only, awaiting_prescriber, checkout_fingerprint, paid_at, decided_by_id, decided_at, tracking_reference, dispatched_at,
                             subscription_id, stripe_invoice_id, created_at, updated_at)
         SELECT pg_temp.scale_uuid('order', o), 'OR-' || pg_temp.scale_code(o), pg_temp.scale_uuid('user', u), 'scale-' || u || '@scale.example.test', 'scale-' || u || '@scale.example.test',
                (CASE WHEN lapsed THEN 'CANCELLED' WHEN o >= $4 AND medicine THEN 'AWAITING_PHARMACIST' WHEN o >= $4 THEN 'AWAITING_DISPATCH' WHEN declined THEN 'DECLINED' ELSE 'DISPATCHED' END)::"OrderStatus",
                pg_temp.scale_uuid('order-payment', o), 'standard', 'Standard delivery', CASE WHEN medicine THEN 0 ELSE 399 END, CASE WHEN medicine THEN 1599 + medicine_pence ELSE 1599 END, 0,
                CASE WHEN medicine THEN 1599 + medicine_pence ELSE 1998 END, 'Scale Patient', '1 High Street', 'Leeds', 'LS1 4AP', medicine, pom,
                -- Waiting for a prescriber (the database's rule, its triggers off here): a prescription-only
                -- order the prescriber has not authorised (queued, or declined), none with a plan's prescription.
                pom AND (o % 100 = 55 OR o >= $4), md5('order:' || o),
                CASE WHEN NOT lapsed THEN at + interval '2 minutes' END,
                -- The prescriber declines a prescription-only order; the pharmacist decides the rest.
                CASE WHEN decided AND pom AND declined THEN $8::uuid WHEN decided THEN $7::uuid END, CASE WHEN decided THEN at + interval '3 hours' END,
                CASE WHEN sent THEN 'TRK' || o END, CASE WHEN sent THEN at + interval '1 day' END,
                CASE WHEN sub IS NOT NULL THEN pg_temp.scale_uuid('subscription', sub) END, CASE WHEN sub IS NOT NULL THEN 'in_scale_' || o END, at, at
         FROM generate_series($1::bigint, $2::bigint) AS o, ${orderShape},
              LATERAL (SELECT NOT lapsed AND o < $4 AND medicine AS decided, NOT lapsed AND o < $4 AND NOT declined AS sent) AS d`,
        O,
        [...orderParams, staff.pharmacistId, staff.prescriberId],
      );
      // Every order has a cosmetic line; a medicine order also the assessed minoxidil plan, or a
      // prescription-only one the patient's Viagra or Cialis plan (named as checkout names a plan line).
      await chunked(
        `INSERT INTO order_lines (id, order_id, product_id, plan_id, assessment_id, product_kind, name, duration_label, unit_price_pence, quantity, stock_units, discount_pence, line_total_pence)
         SELECT pg_temp.scale_uuid('line-1', o), pg_temp.scale_uuid('order', o), $7, NULL, NULL, 'COSMETIC'::"ProductKind", 'Hair Growth Shampoo for Men', 'One bottle', 1599, 1, 1, 0, 1599
         FROM generate_series($1::bigint, $2::bigint) AS o
         UNION ALL
         SELECT pg_temp.scale_uuid('line-2', o), pg_temp.scale_uuid('order', o), $8, $9, pg_temp.scale_uuid('assessment', u), 'PHARMACY_MEDICINE'::"ProductKind", 'Minoxidil 5% for Men', '1 month', 2999, 1, 1, 0, 2999
         FROM generate_series($1::bigint, $2::bigint) AS o, ${orderShape} WHERE medicine AND NOT pom
         UNION ALL
         SELECT pg_temp.scale_uuid('line-2', o), pg_temp.scale_uuid('order', o), CASE WHEN viagra THEN $10 ELSE $11 END, CASE WHEN viagra THEN $12 ELSE $13 END,
                pg_temp.scale_uuid('pom-assessment', u), 'PRESCRIPTION_ONLY'::"ProductKind", CASE WHEN viagra THEN 'Viagra (sildenafil), 1-month supply' ELSE 'Cialis (tadalafil), 1-month supply' END,
                '1-Month', medicine_pence, 1, 1, 0, medicine_pence
         FROM generate_series($1::bigint, $2::bigint) AS o, ${orderShape} WHERE pom`,
        O,
        [
          ...orderParams,
          catalogue.products.shampoo,
          catalogue.products.minoxidil,
          catalogue.plans.minoxidil,
          catalogue.products.viagra,
          catalogue.products.cialis,
          catalogue.plans.viagra,
          catalogue.plans.cialis,
        ],
      );
      await chunked(
        `INSERT INTO order_events (order_id, kind, detail, at)
         SELECT pg_temp.scale_uuid('order', o), ev.kind, '{}'::jsonb, at + ev.after
         FROM generate_series($1::bigint, $2::bigint) AS o, ${orderShape},
              LATERAL (VALUES (1, 'paid', interval '2 minutes'), (2, CASE WHEN medicine THEN 'awaiting_pharmacist' ELSE 'awaiting_dispatch' END, interval '3 minutes'),
                              (3, CASE WHEN declined THEN 'declined' ELSE 'dispatched' END, interval '1 day')) AS ev(position, kind, after)
         WHERE NOT lapsed AND (ev.position < 3 OR o < $4)`,
        O,
        orderParams,
      );
    });

    // The prescriber's authorisation of every decided prescription-only order they did not
    // decline, an hour after payment (before the pharmacist dispensed it), in their name and
    // registration as prescribing records them.
    await step("order prescriptions", () =>
      chunked(
        `INSERT INTO order_prescriptions (id, order_id, prescriber_id, prescriber_name, prescriber_registration, directions, created_at)
         SELECT pg_temp.scale_uuid('order-prescription', o), pg_temp.scale_uuid('order', o), $5::uuid, $6, $7,
                CASE WHEN pg_temp.scale_viagra(1 + (o - 1) % $8) THEN 'One tablet about an hour before sex, no more than once a day.' ELSE 'One tablet at least 30 minutes before sex, no more than once a day.' END,
                pg_temp.scale_at(o, $3) + interval '1 hour'
         FROM generate_series($1::bigint, $2::bigint) AS o WHERE o % 10 = 5 AND o % 100 <> 55 AND o < $4`,
        O,
        [orderQueueFrom, staff.prescriberId, prescriber.name, prescriber.registration, P],
      ),
    );

    await step("prescription requests", async () => {
      await chunked(
        `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, created_at, updated_at)
         SELECT pg_temp.scale_uuid('prescription-answers', r), 'prescription', $4, pg_temp.scale_uuid('user', 1 + (r - 1) % $5), $6::jsonb, pg_temp.scale_at(r, $3), pg_temp.scale_at(r, $3), pg_temp.scale_at(r, $3)
         FROM generate_series($1::bigint, $2::bigint) AS r`,
        R,
        [answers.prescriptionVersion, P, JSON.stringify(answers.prescription)],
      );
      await chunked(
        `INSERT INTO payments (id, purpose, amount_pence, currency, status, checkout_session_id, expires_at, payment_intent_id, paid_at, created_at, updated_at)
         SELECT pg_temp.scale_uuid('request-payment', r), 'PRESCRIPTION', 1999, 'gbp', 'PAID', 'cs_scale_request_' || r, pg_temp.scale_at(r, $3) + interval '30 minutes',
                'pi_scale_request_' || r, pg_temp.scale_at(r, $3) + interval '1 minute', pg_temp.scale_at(r, $3), pg_temp.scale_at(r, $3)
         FROM generate_series($1::bigint, $2::bigint) AS r`,
        R,
      );
      await chunked(
        `INSERT INTO prescription_requests (id, reference, response_id, user_id, email, status, payment_id, price_pence, submitted_at, due_at, decided_at, decided_by_id, decline_reason, created_at, updated_at)
         SELECT pg_temp.scale_uuid('request', r), 'PR-' || pg_temp.scale_code(r), pg_temp.scale_uuid('prescription-answers', r), pg_temp.scale_uuid('user', u), 'scale-' || u || '@scale.example.test',
                (CASE WHEN r >= $4 THEN 'SUBMITTED' WHEN r % 10 = 0 THEN 'DECLINED' ELSE 'ISSUED' END)::"PrescriptionStatus", pg_temp.scale_uuid('request-payment', r), 1999,
                at, at + interval '24 hours', CASE WHEN r < $4 THEN at + interval '6 hours' END, CASE WHEN r < $4 THEN $5::uuid END,
                CASE WHEN r < $4 AND r % 10 = 0 THEN 'Your answers suggest a cause of hair loss that a GP needs to examine first.' END, at, at
         FROM generate_series($1::bigint, $2::bigint) AS r, LATERAL (SELECT 1 + (r - 1) % $6 AS u, pg_temp.scale_at(r, $3) + interval '1 minute' AS at) AS x`,
        R,
        [requestQueueFrom, staff.prescriberId, P],
      );
      await chunked(
        `INSERT INTO prescriptions (id, reference, request_id, prescriber_id, prescriber_name, prescriber_registration, patient_name, patient_date_of_birth, medicine, dose, quantity, directions, issued_at, dispense_code)
         SELECT pg_temp.scale_uuid('prescription', r), pg_temp.scale_rx(r), pg_temp.scale_uuid('request', r), $5::uuid, $6, $7, 'Scale Patient', '1985-06-15',
                'Finasteride 1 mg tablets', '1 mg once a day', '28 tablets', 'Take one tablet a day.', pg_temp.scale_at(r, $3) + interval '6 hours', lpad((r % 100000000)::text, 8, '0')
         FROM generate_series($1::bigint, $2::bigint) AS r WHERE r < $4 AND r % 10 <> 0`,
        R,
        [requestQueueFrom, staff.prescriberId, prescriber.name, prescriber.registration],
      );
      // A question and its answer on every fourth request.
      await chunked(
        `INSERT INTO case_messages (id, request_id, author, author_user_id, body, created_at)
         SELECT pg_temp.scale_uuid('message-' || m.author, r), pg_temp.scale_uuid('request', r), m.author::"CaseMessageAuthor",
                CASE WHEN m.author = 'STAFF' THEN $4::uuid ELSE pg_temp.scale_uuid('user', 1 + (r - 1) % $5) END, m.body, pg_temp.scale_at(r, $3) + m.after
         FROM generate_series($1::bigint, $2::bigint) AS r,
              LATERAL (VALUES ('STAFF', 'How long have you noticed the thinning?', interval '2 hours'), ('PATIENT', 'About a year, mostly at the crown.', interval '3 hours')) AS m(author, body, after)
         WHERE r % 4 = 0`,
        R,
        [staff.prescriberId, P],
      );
    });

    // The busy patient: one order in every O / busyOrders (odd numbers: never a renewal), a few
    // prescription-only orders spread back from the newest (which waits for a prescriber when it
    // is among the queued ones), one request in every R / busyRequests (with its answers), and
    // three subscriptions with theirs.
    await step("busy patient", async () => {
      const orderEvery = 2 * Math.max(1, Math.floor(O / counts.busyOrders / 2));
      const requestEvery = Math.max(1, Math.floor(R / counts.busyRequests));
      // Prescription-only order m is order 10 m + 5.
      const newestPom = counts.pomOrders - 1;
      const pomEvery = Math.max(1, Math.floor(newestPom / counts.busyPomOrders));
      // Their own passed assessment, behind their medicine lines and subscriptions.
      await client.query(
        `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, outcome, valid_until, created_at, updated_at)
         VALUES (pg_temp.scale_uuid('busy-assessment', 1), 'minoxidil', $2, $1, $3::jsonb, now() - interval '300 days', 'ELIGIBLE', now() + interval '60 days', now() - interval '300 days', now())`,
        [busy.id, answers.assessmentVersion, JSON.stringify(answers.assessment)],
      );
      // Their passed Viagra and Cialis assessments (the fixture's answers as they are), and the
      // identity document they verified in their account's name and the date of birth those give.
      await client.query(
        `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, outcome, valid_until, created_at, updated_at)
         SELECT pg_temp.scale_uuid('busy-pom-assessment', k), CASE k WHEN 1 THEN 'viagra' ELSE 'cialis' END, $2, $1, $3::jsonb, at, 'ELIGIBLE', at + interval '90 days', at, at
         FROM generate_series(1, 2) AS k, LATERAL (SELECT (now() AT TIME ZONE 'UTC') - interval '30 days' AS at) AS x`,
        [busy.id, answers.pom.version, JSON.stringify(answers.pom.answers)],
      );
      await client.query(
        `INSERT INTO identity_verifications (id, user_id, provider_session_id, status, verified_first_name, verified_last_name, date_of_birth, document_hash, created_at, updated_at, verified_at)
         SELECT pg_temp.scale_uuid('busy-identity', 1), u.id, 'vs_scale_busy', 'VERIFIED', coalesce(nullif(regexp_replace(trim(u.name), '\\s+\\S+$', ''), ''), trim(u.name)),
                substring(trim(u.name) FROM '(\\S+)$'), $2, encode(sha256(convert_to('GB|PBUSY0001', 'UTF8')), 'hex'), at, at, at
         FROM users u, LATERAL (SELECT (now() AT TIME ZONE 'UTC') - interval '29 days' AS at) AS x WHERE u.id = $1`,
        [busy.id, pomDateOfBirth(answers.pom)],
      );
      await client.query(
        `UPDATE orders SET user_id = $1, email = $2, customer_key = $2, subscription_id = NULL, stripe_invoice_id = NULL
         WHERE id IN (SELECT pg_temp.scale_uuid('order', k * $3 - 1) FROM generate_series(1, $4::bigint) AS k
                      UNION ALL SELECT pg_temp.scale_uuid('order', 10 * ($5 - k * $6) + 5) FROM generate_series(0, $7::bigint - 1) AS k)`,
        [busy.id, busy.email, orderEvery, counts.busyOrders, newestPom, pomEvery, counts.busyPomOrders],
      );
      await client.query(
        `UPDATE subscriptions SET user_id = $1, email = $2, assessment_id = CASE WHEN assessment_id IS NULL THEN NULL ELSE pg_temp.scale_uuid('busy-assessment', 1) END WHERE stripe_subscription_id IN (SELECT 'sub_scale_' || k FROM generate_series(4, least(6, $3::bigint)) AS k)`,
        [busy.id, busy.email, S],
      );
      await client.query(`UPDATE orders o SET user_id = s.user_id, email = s.email, customer_key = s.email FROM subscriptions s WHERE s.id = o.subscription_id AND s.user_id = $1`, [busy.id]);
      await client.query(`UPDATE check_ins c SET user_id = s.user_id FROM subscriptions s WHERE s.id = c.subscription_id AND s.user_id = $1`, [busy.id]);
      await client.query(
        `UPDATE order_lines l SET assessment_id = CASE WHEN l.product_kind = 'PHARMACY_MEDICINE' THEN pg_temp.scale_uuid('busy-assessment', 1)
                                                         WHEN l.product_id = $2 THEN pg_temp.scale_uuid('busy-pom-assessment', 1) ELSE pg_temp.scale_uuid('busy-pom-assessment', 2) END
         FROM orders o WHERE o.id = l.order_id AND o.user_id = $1 AND l.assessment_id IS NOT NULL`,
        [busy.id, catalogue.products.viagra],
      );
      await client.query(
        `UPDATE prescription_requests SET user_id = $1, email = $2 WHERE id IN (SELECT pg_temp.scale_uuid('request', k * $3) FROM generate_series(1, $4::bigint) AS k)`,
        [busy.id, busy.email, requestEvery, counts.busyRequests],
      );
      await client.query(`UPDATE questionnaire_responses q SET user_id = $1 FROM prescription_requests r WHERE r.response_id = q.id AND r.user_id = $1`, [busy.id]);
    });

    // Staff views and decisions. With the triggers off (bulk mode) the chain is computed here
    // with the verifier's own encoding (scripts/lib/audit-chain.mjs); otherwise the database's
    // hash-chain trigger links each row as the app's writes are linked.
    const auditParams = { total: counts.audit, prescriberId: staff.prescriberId, pharmacistId: staff.pharmacistId, requests: R, orders: O };
    await step("audit events", () => (bulk ? insertChainedAuditEvents(client, auditParams) : insertAuditEventsThroughTrigger(chunked, auditParams)));

    await step("outbox emails", () =>
      chunked(
        `INSERT INTO outbox_emails (id, to_address, user_id, subject, text, sent_at, created_at)
         SELECT pg_temp.scale_uuid('mail', e), 'scale-' || u || '@scale.example.test', pg_temp.scale_uuid('user', u), 'Your order has been dispatched',
                '(delivered by SMTP; the body is not kept)', pg_temp.scale_at(e, $3) + interval '10 seconds', pg_temp.scale_at(e, $3)
         FROM generate_series($1::bigint, $2::bigint) AS e, LATERAL (SELECT 1 + (e - 1) % $4 AS u) AS x`,
        counts.outbox,
        [P],
      ),
    );

    // Fixed-window counters: nearly all from windows long past, the newest hour's still live.
    await step("rate-limit rows", () =>
      chunked(
        `INSERT INTO rate_limit_buckets (key, hits, reset_at)
         SELECT 'scale:' || md5('bucket:' || b), 1 + b % 5, pg_temp.scale_at(b, $3) + interval '1 hour'
         FROM generate_series($1::bigint, $2::bigint) AS b`,
        counts.rateLimits,
      ),
    );

    if (bulk) await client.query("RESET session_replication_role");
    // A year-old clinic's tables have long been vacuumed: VACUUM sets the rows' hint bits and the
    // visibility map (index-only scans then skip the heap), so the first requests measured do not
    // pay for it, nor share the machine with autovacuum's pass over millions of new rows.
    // CHECKPOINT (a superuser's) writes the seed's pages out before anything is timed.
    await step("vacuum and analyze", () => client.query("VACUUM (ANALYZE)"));
    if (bulk) await step("checkpoint", () => client.query("CHECKPOINT"));
    return { counts, timings, bulk };
  } finally {
    await client.end();
  }
}

/**
 * Who did what to which case: even rows a prescriber on a request, odd rows a pharmacist on an order.
 * @param {number} a the row's number
 * @param {AuditParams} params
 */
function auditRow(a, { prescriberId, pharmacistId, requests, orders }) {
  const onRequest = a % 2 === 0;
  const subject = 1 + (Math.floor(a / 2) % (onRequest ? requests : orders));
  return {
    actor_id: onRequest ? prescriberId : pharmacistId,
    actor_role: onRequest ? "PRESCRIBER" : "PHARMACIST",
    action: onRequest ? (a % 10 === 0 ? "prescription.issued" : "prescription.viewed") : a % 10 === 1 ? "order.dispensed" : "order.viewed",
    subject_type: onRequest ? "prescription_request" : "order",
    subject_id: scaleUuid(onRequest ? "request" : "order", subject),
    // jsonb's own text form, which the chain's encoding hashes.
    detail: `{"reference": "${onRequest ? "PR" : "OR"}-${scaleCode(subject)}"}`,
  };
}

/**
 * @param {Chunked} chunked
 * @param {AuditParams} params
 */
async function insertAuditEventsThroughTrigger(chunked, params) {
  await chunked(
    `INSERT INTO audit_events (at, actor_id, actor_role, action, subject_type, subject_id, detail)
     SELECT pg_temp.scale_at(a, $3), CASE WHEN onRequest THEN $4::uuid ELSE $5::uuid END, CASE WHEN onRequest THEN 'PRESCRIBER' ELSE 'PHARMACIST' END,
            CASE WHEN onRequest THEN (CASE WHEN a % 10 = 0 THEN 'prescription.issued' ELSE 'prescription.viewed' END) ELSE (CASE WHEN a % 10 = 1 THEN 'order.dispensed' ELSE 'order.viewed' END) END,
            CASE WHEN onRequest THEN 'prescription_request' ELSE 'order' END,
            CASE WHEN onRequest THEN pg_temp.scale_uuid('request', subject)::text ELSE pg_temp.scale_uuid('order', subject)::text END,
            jsonb_build_object('reference', CASE WHEN onRequest THEN 'PR-' ELSE 'OR-' END || pg_temp.scale_code(subject))
     FROM generate_series($1::bigint, $2::bigint) AS a,
          LATERAL (SELECT a % 2 = 0 AS onRequest, 1 + (a / 2) % (CASE WHEN a % 2 = 0 THEN $6::bigint ELSE $7::bigint END) AS subject) AS x`,
    params.total,
    [params.prescriberId, params.pharmacistId, params.requests, params.orders],
  );
}

/**
 * The same rows, hashed and linked here, written as arrays (one statement per 20,000 rows).
 * @param {pg.Client} client
 * @param {AuditParams} params
 */
async function insertChainedAuditEvents(client, params) {
  /** @type {pg.QueryResult<{ id: string | null, hash: string | null, now: string }>} */
  const newest = await client.query(
    "SELECT newest.id::text AS id, newest.hash, (extract(epoch FROM now()) * 1000)::bigint::text AS now FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT id, hash FROM audit_events ORDER BY id DESC LIMIT 1) AS newest ON true",
  );
  const head = oneRow(newest);
  let id = BigInt(head.id ?? 0);
  let previous = head.hash ?? GENESIS_HASH;
  const now = Number(head.now);
  const year = 365 * 86_400_000;
  const BATCH = 20_000;
  for (let from = 1; from <= params.total; from += BATCH) {
    /** @type {Record<"id" | "at" | "actor_id" | "actor_role" | "action" | "subject_type" | "subject_id" | "detail" | "prev_hash" | "hash", string[]>} */
    const columns = { id: [], at: [], actor_id: [], actor_role: [], action: [], subject_type: [], subject_id: [], detail: [], prev_hash: [], hash: [] };
    for (let a = from; a < Math.min(params.total + 1, from + BATCH); a += 1) {
      id += 1n;
      // scale_at: a moment in the past year, the newest last, to the millisecond the column keeps.
      const at = new Date(now - Math.round((year * (params.total - a)) / params.total) - 5 * 60_000).toISOString().slice(0, 23);
      const event = { id: String(id), at, ...auditRow(a, params), prev_hash: previous };
      const hash = auditEventHash(event);
      for (const key of /** @type {(keyof typeof event)[]} */ (Object.keys(event))) columns[key].push(event[key]);
      columns.hash.push(hash);
      previous = hash;
    }
    await client.query(
      `INSERT INTO audit_events (id, at, actor_id, actor_role, action, subject_type, subject_id, detail, prev_hash, hash)
       SELECT * FROM unnest($1::bigint[], $2::timestamp[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::text[], $10::text[])`,
      [columns.id, columns.at, columns.actor_id, columns.actor_role, columns.action, columns.subject_type, columns.subject_id, columns.detail, columns.prev_hash, columns.hash],
    );
  }
  // The app's next event follows the last one written here.
  await client.query("SELECT setval(pg_get_serial_sequence('audit_events', 'id'), (SELECT max(id) FROM audit_events))");
}

/**
 * pg_temp.scale_uuid in JavaScript: the same id for the same tag and number.
 * @param {string} tag
 * @param {number} n
 */
function scaleUuid(tag, n) {
  const h = createHash("md5").update(`${tag}:${n}`).digest("hex").split("");
  h[12] = "4";
  h[16] = "8";
  const hex = h.join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * pg_temp.scale_code in JavaScript.
 * @param {number} n
 */
function scaleCode(n) {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const v = (n * 7919 + 104729) % 887503681;
  let code = "";
  for (let k = 5; k >= 0; k -= 1) code += alphabet[Math.floor(v / 31 ** k) % 31];
  return code;
}

/** @param {pg.Client} client */
async function readCatalogue(client) {
  /** @type {pg.QueryResult<{ id: string, slug: string }>} */
  const { rows: products } = await client.query("SELECT id, slug FROM products WHERE slug IN ('men-shampoo', 'minoxidil-5-men', 'mounjaro', 'viagra', 'cialis')");
  /** @type {pg.QueryResult<{ id: string, slug: string }>} */
  const { rows: plans } = await client.query("SELECT id, slug FROM plans WHERE slug IN ('minoxidil-1-month', 'mounjaro-1-month', 'viagra-1-month', 'cialis-1-month')");
  const product = (/** @type {string} */ slug) => products.find((row) => row.slug === slug)?.id ?? missing(`product ${slug}`);
  const plan = (/** @type {string} */ slug) => plans.find((row) => row.slug === slug)?.id ?? missing(`plan ${slug}`);
  return {
    products: { shampoo: product("men-shampoo"), minoxidil: product("minoxidil-5-men"), mounjaro: product("mounjaro"), viagra: product("viagra"), cialis: product("cialis") },
    plans: { minoxidil: plan("minoxidil-1-month"), mounjaro: plan("mounjaro-1-month"), viagra: plan("viagra-1-month"), cialis: plan("cialis-1-month") },
  };
}

/**
 * The deciding prescriber's name and registration ("GMC 7654321"), as prescribing an order records them.
 * @param {pg.Client} client
 * @param {string} id
 */
async function readPrescriber(client, id) {
  /** @type {pg.QueryResult<{ name: string, registration: string }>} */
  const { rows } = await client.query(
    `SELECT u.name, trim(p.registration_body) || ' ' || trim(p.registration_number) AS registration
     FROM users u JOIN staff_profiles p ON p.user_id = u.id WHERE u.id = $1 AND trim(p.registration_body) <> '' AND trim(p.registration_number) <> ''`,
    [id],
  );
  if (!rows[0]) throw new Error("The scale seed's prescriber needs a staff profile with their registration: it goes on everything they prescribe.");
  return rows[0];
}

/**
 * The date of birth the prescription-only assessment's answers give (its identity document carries the same).
 * @param {PomAnswers} pom
 */
function pomDateOfBirth(pom) {
  const given = pom.answers[pom.dateOfBirthStep]?.text;
  if (given === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(given)) throw new Error(`The scale seed's prescription-only answers give no date of birth at step ${pom.dateOfBirthStep}.`);
  return given;
}

/**
 * @param {string} what
 * @returns {never}
 */
function missing(what) {
  throw new Error(`The scale seed needs the seeded catalogue's ${what}: run it on a migrated and seeded database.`);
}
