// Issue 36: retention.sweep never deletes a medical or financial record, however old. A patient's
// whole history is seeded in every such table, every timestamp set back nine years (past every
// retention window, the longest being 90 days), and the real sweep runs at today's clock.
// retention-sweep.test.ts proves what the sweep does delete; it runs on a clock in 2001, where
// nothing of other tests is old enough to be at risk, so it cannot show this.
import { uploadRoot } from "../../support/temp-uploads";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/server/core/db/client";
import { uploadStorage } from "@/lib/server/services/uploads/upload-storage";
import { retentionTables } from "@/lib/server/retention/retention-policy";
import { sweepRetention } from "@/lib/server/retention/retention-sweep-job";
import { uniqueEmail } from "../../factories/guest";
import { uniquePatientName } from "../../factories/user";
import { seedPatientHistory } from "../../factories/patient-history";

const NINE_YEARS = "9 years";
const NOT_AGED = "audit_events";

/**
 * Medical records: what a patient told us about their health, what clinicians decided and why,
 * what was prescribed and dispensed, and how identity and weight were checked before supply.
 * Kept for the clinical record's life (NHS Records Management Code: 8 years for adults; GPhC
 * and the Human Medicines Regulations 2012 for prescriptions and supply), never by this sweep.
 */
const MEDICAL = [
  "questionnaire_responses", "questionnaire_photos", "questionnaire_gp_details", "prescription_requests", "prescriptions", "case_messages",
  "consultation_bookings", "consultation_invitations", "order_prescriptions", "check_ins", "weight_evidence", "weight_verifications",
  "side_effect_reports", "side_effect_messages", "progress_photo_sets", "progress_photos", "gp_details", "gp_letters", "gp_consent_overrides",
  "identity_verifications", "identity_duplicate_reviews",
  // Who the records are about and who made them: an issued prescription names its prescriber's registration, a dispensed one the pharmacy.
  "users", "staff_profiles", "pharmacies",
  // The tamper-evident log of who saw and changed which record (the app's login cannot delete from it at all).
  "audit_events",
];

/** Financial records: what was sold, charged, refunded and discounted (HMRC: 6 years; the supply record of a medicine sold). */
const FINANCIAL = ["payments", "orders", "order_lines", "order_events", "discount_redemptions", "subscriptions", "subscription_checkouts"];

/**
 * The record tables a rule does sweep, each only for rows that never became a record: a
 * booking hold never paid and its unpaid payment, and a questionnaire never submitted nor used
 * (with its photos). Any other record table in the policy fails this test.
 */
const SWEPT_ONLY_WHERE_NEVER_A_RECORD = ["consultation_bookings", "payments", "questionnaire_photos", "questionnaire_responses"];

/** Everything else: the catalogue, carts, sign-in machinery, mail and webhook bookkeeping, slots, contact and newsletter. */
const OPERATIONAL = [
  "categories", "treatment_types", "products", "plans", "consultation_types", "delivery_options", "discount_codes",
  "carts", "cart_items", "contact_messages", "newsletter_subscribers", "auth_sessions", "rate_limit_buckets", "password_reset_tokens",
  "sign_in_unlock_tokens", "recovery_codes", "guest_links", "outbox_emails", "email_verifications", "consultation_slots", "stripe_events",
  "_prisma_migrations",
];

const RECORDS = [...MEDICAL, ...FINANCIAL];

async function publicTables(): Promise<string[]> {
  const rows = await db.$queryRaw<{ table: string }[]>`SELECT tablename AS table FROM pg_tables WHERE schemaname = 'public'`;
  return rows.map((row) => row.table).sort();
}

async function primaryKey(table: string): Promise<string> {
  const [row] = await db.$queryRaw<{ column: string }[]>`
    SELECT a.attname AS column FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indrelid = ${table}::regclass AND i.indisprimary`;
  return row!.column;
}

/** Each record table's rows by primary key (as text), whole rows as JSON; `only` limits it to those keys. */
async function snapshot(only?: Record<string, string[]>): Promise<Record<string, Record<string, string>>> {
  const result: Record<string, Record<string, string>> = {};
  for (const table of RECORDS) {
    const key = await primaryKey(table);
    const rows = await db.$queryRawUnsafe<{ key: string; row: string }[]>(
      `SELECT "${key}"::text AS key, to_jsonb(t)::text AS row FROM "${table}" t${only ? ` WHERE "${key}"::text = ANY($1)` : ""}`,
      ...(only ? [only[table] ?? []] : []),
    );
    result[table] = Object.fromEntries(rows.map((row) => [row.key, row.row]));
  }
  return result;
}

/**
 * Sets every timestamp and date of the given rows back by `interval`. Not audit events: a trigger
 * refuses any update or delete of one (so no sweep can touch them either), and the log's pages
 * rely on time following id order, which an old event with a new id would break for other tests.
 */
async function age(rows: Record<string, string[]>, interval: string) {
  for (const [table, keys] of Object.entries(rows)) {
    if (table === NOT_AGED || keys.length === 0) continue;
    const columns = await db.$queryRaw<{ column: string }[]>`
      SELECT column_name AS column FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ${table} AND data_type IN ('timestamp without time zone', 'timestamp with time zone', 'date')`;
    if (columns.length === 0) continue;
    const set = columns.map(({ column }) => `"${column}" = "${column}" - $2::interval`).join(", ");
    await db.$executeRawUnsafe(`UPDATE "${table}" SET ${set} WHERE "${await primaryKey(table)}"::text = ANY($1)`, keys, interval);
  }
}

describe("retention.sweep and the medical and financial records", () => {
  it("classes every table in the schema as a record or operational, once", async () => {
    const classed = [...RECORDS, ...OPERATIONAL].sort();
    expect(new Set(classed).size).toBe(classed.length);
    expect(await publicTables()).toEqual(classed);
  });

  it("sweeps no record table but those whose never-completed rows it deletes", () => {
    expect(retentionTables.filter((table) => RECORDS.includes(table)).sort()).toEqual(SWEPT_ONLY_WHERE_NEVER_A_RECORD);
  });

  it("keeps every record nine years old, in every record table, when the sweep runs at today's clock", async () => {
    const before = await snapshot();
    const photoKey = `photos/${randomUUID()}.jpg`;
    await uploadStorage().put(photoKey, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg");
    await seedPatientHistory({ photoKey, name: uniquePatientName("Records"), email: uniqueEmail("records") });
    const seeded = await snapshot();
    const ours = Object.fromEntries(RECORDS.map((table) => [table, Object.keys(seeded[table]!).filter((key) => !(key in before[table]!))]));
    expect(RECORDS.filter((table) => ours[table]!.length === 0)).toEqual([]);

    await age(ours, NINE_YEARS);
    const aged = await snapshot(ours);
    // Every timestamp of every seeded row (but the audit event's) is now more than eight years old, past every window.
    const eightYearsAgo = new Date(Date.now() - 8 * 365 * 24 * 60 * 60 * 1000);
    const young = Object.entries(aged).filter(([table]) => table !== NOT_AGED).flatMap(([table, rows]) =>
      Object.values(rows).flatMap((row) => Object.entries(JSON.parse(row) as Record<string, unknown>).filter(([, value]) => typeof value === "string" && /^\d{4}-\d\d-\d\d(T|$)/.test(value) && new Date(value) > eightYearsAgo).map(([column]) => `${table}.${column}`)),
    );
    expect(young).toEqual([]);

    const run = await sweepRetention();
    expect(run.finished).toBe(true);
    const after = await snapshot(ours);
    const gone = Object.entries(aged).flatMap(([table, rows]) => Object.keys(rows).filter((key) => !(key in after[table]!)).map((key) => `${table} ${key}`));
    expect(gone).toEqual([]);
    expect(after).toEqual(aged);
    expect(fs.existsSync(path.join(uploadRoot, ...photoKey.split("/")))).toBe(true);
  });
});
