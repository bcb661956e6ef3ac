import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { Tx } from "@/lib/server/core/db/client";

// Prisma keeps DateTime columns as UTC wall-clock `timestamp`; raw SQL converts an instant
// explicitly so the database session's time zone can never shift it.
const utc = (instant: Date) => instant.toISOString();

export type LockedSlot = { id: string; capacity: number };

/**
 * Creates the slot row on first use and locks it (SELECT … FOR UPDATE) until the caller's
 * transaction ends. Every write that takes or confirms a place in a slot goes through this
 * lock, so "count the places taken, then take one" cannot interleave between requests or
 * app instances. Lock order everywhere: payment row, then slot row, then booking row.
 */
export async function lockSlot(tx: Tx, consultationTypeId: string, startsAt: Date, defaultCapacity: number): Promise<LockedSlot> {
  await tx.$executeRaw`
    INSERT INTO consultation_slots (id, consultation_type_id, starts_at, capacity)
    VALUES (gen_random_uuid(), ${consultationTypeId}, ${utc(startsAt)}::timestamptz AT TIME ZONE 'UTC', ${defaultCapacity})
    ON CONFLICT (consultation_type_id, starts_at) DO NOTHING`;
  const [slot] = await tx.$queryRaw<LockedSlot[]>`
    SELECT id::text AS id, capacity FROM consultation_slots
    WHERE consultation_type_id = ${consultationTypeId} AND starts_at = (${utc(startsAt)}::timestamptz AT TIME ZONE 'UTC')
    FOR UPDATE`;
  if (!slot) throw new AppError("internal", "The slot row was inserted or present, so it must be found.");
  return slot;
}

/**
 * Places taken in a slot: confirmed bookings plus holds still live by the database clock
 * (a hold whose time ran out stops counting even before its expiry event arrives).
 */
export async function countTakenPlaces(tx: Tx, slotId: string, excludeBookingId?: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ taken: number }[]>`
    SELECT count(*)::int AS taken FROM consultation_bookings
    WHERE slot_id = ${slotId}::uuid
      AND (${excludeBookingId ?? null}::uuid IS NULL OR id <> ${excludeBookingId ?? null}::uuid)
      AND (status = 'CONFIRMED' OR (status = 'PENDING_PAYMENT' AND hold_expires_at > (now() AT TIME ZONE 'UTC')))`;
  return row?.taken ?? 0;
}
