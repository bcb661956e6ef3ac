import "server-only";
import { db } from "@/lib/server/core/db/client";
import { Prisma } from "@/lib/server/core/db/generated/client";
import { deleteAbandonedDraftPhotos } from "./delete-abandoned-draft-photos";
import { abandonedDraft, atUtc } from "./retention-conditions";
import * as keep from "./retention-periods";
import type { DeletedRows, RetentionRule } from "./run-retention-rules";

/**
 * Deletes a batch of `table`'s rows (alias `t`) that `due` selects, by primary key, skipping
 * rows another transaction holds: one statement, so one short transaction.
 */
function deleteDue(table: string, key: string, due: (cutoff: Date) => Prisma.Sql) {
  return async (cutoff: Date, limit: number): Promise<DeletedRows> => {
    const count = await db.$executeRaw`
      DELETE FROM ${Prisma.raw(table)} WHERE ${Prisma.raw(key)} IN (
        SELECT t.${Prisma.raw(key)} FROM ${Prisma.raw(table)} t WHERE ${due(cutoff)}
        LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
    return { [table]: count };
  };
}

function rule(table: string, key: string, keepMs: number, due: (cutoff: Date) => Prisma.Sql): RetentionRule {
  return { table, keepMs, deleteBatch: deleteDue(table, key, due) };
}

/**
 * An unpaid booking hold and its payment row together (the payment was only ever for this
 * booking). Both rows are locked first, skipping any a webhook holds; a payment that is paid,
 * settling or refunded keeps its booking.
 */
async function deleteLapsedHolds(cutoff: Date, limit: number): Promise<DeletedRows> {
  const [row] = await db.$queryRaw<{ bookings: number; payments: number }[]>`
    WITH due AS (
      SELECT b.id FROM consultation_bookings b JOIN payments p ON p.id = b.payment_id
      WHERE b.status IN ('EXPIRED', 'PENDING_PAYMENT') AND b.hold_expires_at < ${atUtc(cutoff)}
        AND p.status IN ('OPEN', 'EXPIRED', 'FAILED') AND p.paid_at IS NULL AND p.refunded_at IS NULL
      LIMIT ${limit} FOR UPDATE OF b, p SKIP LOCKED
    ), bookings AS (
      DELETE FROM consultation_bookings WHERE id IN (SELECT id FROM due) RETURNING payment_id
    ), unpaid AS (
      DELETE FROM payments WHERE id IN (SELECT payment_id FROM bookings) RETURNING id
    )
    SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM unpaid)::int AS payments`;
  return { consultation_bookings: row?.bookings ?? 0, payments: row?.payments ?? 0 };
}

/**
 * The retention policy, in the order it runs: table → age rule → batch delete. Each period is
 * a named constant with its reason (retention-periods.ts); the "Data retention" table of docs/architecture.md
 * states the same. A table not listed here is kept (medical records, payments that were paid,
 * the audit log, which the app's database login cannot delete from at all).
 */
export const retentionPolicy: RetentionRule[] = [
  rule("rate_limit_buckets", "key", keep.RATE_LIMIT_KEEP_AFTER_RESET_MS, (cutoff) => Prisma.sql`t.reset_at < ${atUtc(cutoff)}`),
  rule("auth_sessions", "id", keep.SESSION_KEEP_AFTER_EXPIRY_MS, (cutoff) => Prisma.sql`t.expires_at < ${atUtc(cutoff)}`),
  rule("password_reset_tokens", "id", keep.TOKEN_KEEP_AFTER_EXPIRY_MS, (cutoff) => Prisma.sql`t.expires_at < ${atUtc(cutoff)}`),
  rule("sign_in_unlock_tokens", "id", keep.TOKEN_KEEP_AFTER_EXPIRY_MS, (cutoff) => Prisma.sql`t.expires_at < ${atUtc(cutoff)}`),
  rule("email_verifications", "id", keep.TOKEN_KEEP_AFTER_EXPIRY_MS, (cutoff) => Prisma.sql`t.expires_at < ${atUtc(cutoff)}`),
  rule("guest_links", "guest_key_hash", keep.GUEST_LINK_KEEP_MS, (cutoff) => Prisma.sql`t.linked_at < ${atUtc(cutoff)}`),
  // sent_at is set only on delivery: an undelivered email is never due.
  rule("outbox_emails", "id", keep.OUTBOX_KEEP_AFTER_DELIVERY_MS, (cutoff) => Prisma.sql`t.sent_at < ${atUtc(cutoff)}`),
  rule("stripe_events", "id", keep.STRIPE_EVENT_KEEP_MS, (cutoff) => Prisma.sql`t.processed_at < ${atUtc(cutoff)}`),
  { table: "consultation_bookings", alsoDeletes: ["payments"], keepMs: keep.BOOKING_HOLD_KEEP_AFTER_EXPIRY_MS, deleteBatch: deleteLapsedHolds },
  // After the holds: a past slot they leave without any booking is then due.
  rule("consultation_slots", "id", keep.EMPTY_SLOT_KEEP_AFTER_START_MS, (cutoff) =>
    Prisma.sql`t.starts_at < ${atUtc(cutoff)} AND NOT EXISTS (SELECT 1 FROM consultation_bookings b WHERE b.slot_id = t.id)`,
  ),
  // A guest's cart only (user_id IS NULL), untouched: neither the cart nor any of its lines changed.
  rule("carts", "id", keep.GUEST_CART_KEEP_MS, (cutoff) =>
    Prisma.sql`t.user_id IS NULL AND t.updated_at < ${atUtc(cutoff)}
      AND NOT EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = t.id AND i.updated_at >= ${atUtc(cutoff)})`,
  ),
  // Photos (rows and stored files) before their drafts: a draft goes once it has none left.
  { table: "questionnaire_photos", keepMs: keep.QUESTIONNAIRE_DRAFT_KEEP_MS, deleteBatch: deleteAbandonedDraftPhotos, maxBatch: 100 },
  rule("questionnaire_responses", "id", keep.QUESTIONNAIRE_DRAFT_KEEP_MS, (cutoff) =>
    Prisma.sql`${abandonedDraft(cutoff)} AND NOT EXISTS (SELECT 1 FROM questionnaire_photos p WHERE p.response_id = t.id)`,
  ),
];

/** The tables the sweep deletes from: the app's database login needs DELETE on each (server/runtime/app-role.mjs). */
export const retentionTables = [...new Set(retentionPolicy.flatMap((entry) => [entry.table, ...(entry.alsoDeletes ?? [])]))];
