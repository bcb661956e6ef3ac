import "server-only";
import { Prisma } from "@/lib/server/core/db/generated/client";
import { hashGuestId } from "./guest-id";
import type { Actor } from "./types";

/**
 * The one owner filter for every record a patient owns (carts, bookings, questionnaires,
 * prescription requests, orders, subscriptions): an account's rows by user id, a guest's by
 * the SHA-256 of the guest id (the database never holds the id itself). Use it in `where` to
 * scope a query and in `data` to stamp a new row.
 */
export type OwnerFilter = { userId: string } | { guestKeyHash: string };

/** The two owner columns as a row holds them (one of them set). */
export type OwnerColumns = { userId: string | null; guestKeyHash: string | null };

export function ownedBy(actor: Actor): OwnerFilter {
  return actor.kind === "guest" ? { guestKeyHash: hashGuestId(actor.guestId) } : { userId: actor.user.id };
}

/** Both columns, for raw inserts and for `data` on tables that hold either. */
export function ownerColumns(actor: Actor): OwnerColumns {
  return ownerColumnsOf(ownedBy(actor));
}

function ownerColumnsOf(owner: OwnerFilter): OwnerColumns {
  return "userId" in owner ? { userId: owner.userId, guestKeyHash: null } : { userId: null, guestKeyHash: owner.guestKeyHash };
}

/**
 * The owner a row names, from its two columns (the account when it has one), or null for a
 * row that names neither. For code that acts on a row for whoever owns it (a webhook, a job).
 */
export function ownerOfRow(row: OwnerColumns): OwnerFilter | null {
  if (row.userId) return { userId: row.userId };
  if (row.guestKeyHash) return { guestKeyHash: row.guestKeyHash };
  return null;
}

/** Whether the actor (or owner filter) owns the row; false for nobody. */
export function isOwnedBy(who: Actor | OwnerFilter | null, row: OwnerColumns): boolean {
  if (!who) return false;
  const owner = "kind" in who ? ownedBy(who) : who;
  return "userId" in owner ? owner.userId === row.userId : owner.guestKeyHash === row.guestKeyHash;
}

/** A stable text key for the owner (advisory locks, counting per owner). */
export function ownerKey(owner: OwnerFilter): string {
  return "userId" in owner ? `user:${owner.userId}` : `guest:${owner.guestKeyHash}`;
}

/**
 * The owner filter as a raw SQL condition on a table's `user_id` / `guest_key_hash` columns
 * (`alias` qualifies them), for statements Prisma's query builder cannot express (row locks,
 * upserts): `WHERE id = ${id}::uuid AND ${ownerSql(owner)} FOR UPDATE`.
 */
export function ownerSql(owner: OwnerFilter, alias?: string): Prisma.Sql {
  const column = (name: string) => Prisma.raw(alias ? `${alias}.${name}` : name);
  return "userId" in owner
    ? Prisma.sql`${column("user_id")} = ${owner.userId}::uuid`
    : Prisma.sql`${column("guest_key_hash")} = ${owner.guestKeyHash}`;
}
