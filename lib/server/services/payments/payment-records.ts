import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { Prisma } from "@/lib/server/core/db/generated/client";
import type { LockedPayment } from "./types";

// Row-level building blocks shared by every payment event handler (checkout sessions,
// refunds). Both run inside the caller's transaction.

/** Inserts the event id; false when it was already processed (or is being, by a concurrent delivery). */
export async function recordEvent(tx: Tx, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO stripe_events (id, type) VALUES (${event.id}, ${event.type})
    ON CONFLICT (id) DO NOTHING RETURNING id`;
  return inserted.length === 1;
}

const lockedColumns = Prisma.sql`id::text AS id, purpose::text AS purpose, amount_pence AS "amountPence",
  currency, status::text AS status, checkout_session_id AS "checkoutSessionId", payment_intent_id AS "paymentIntentId"`;

/** Our payment row by id, locked until the transaction ends (every payment write takes this lock first). */
export async function lockPayment(tx: Tx, id: string): Promise<LockedPayment | null> {
  const [row] = await tx.$queryRaw<LockedPayment[]>`SELECT ${lockedColumns} FROM payments WHERE id = ${id}::uuid FOR UPDATE`;
  return row ?? null;
}

/** Our payment row for a provider payment intent, locked likewise. */
export async function lockPaymentByIntent(tx: Tx, paymentIntentId: string): Promise<LockedPayment | null> {
  const [row] = await tx.$queryRaw<LockedPayment[]>`SELECT ${lockedColumns} FROM payments WHERE payment_intent_id = ${paymentIntentId} FOR UPDATE`;
  return row ?? null;
}
