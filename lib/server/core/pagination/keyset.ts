import "server-only";
import { UUID_SOURCE } from "@/lib/validation/uuid";

// Keyset pages for the lists people page through (issue 24): a page starts after the last row
// of the one before, named by its sort key and id, so reading a page deep in a list of
// millions costs the same as reading the first (an OFFSET would read and discard every row
// before it). The cursor is opaque to the user, but plain: "<epoch ms>.<uuid>".

/** No list returns more rows than this in one page, whatever is asked. */
export const PAGE_SIZE_CAP = 100;

export type Cursor = { at: Date; id: string };

const CURSOR = new RegExp(`^(\\d{1,15})\\.(${UUID_SOURCE})$`);

export function encodeCursor(at: Date, id: string): string {
  return `${at.getTime()}.${id}`;
}

/** The cursor in a link, or null for anything else (the list then shows its first page). */
export function parseCursor(raw: string | null | undefined): Cursor | null {
  const match = raw ? CURSOR.exec(raw) : null;
  if (!match) return null;
  const at = new Date(Number(match[1]));
  return Number.isNaN(at.getTime()) ? null : { at, id: match[2]!.toLowerCase() };
}

/** A page size within 1 and PAGE_SIZE_CAP. */
export function pageSize(requested: number): number {
  return Math.min(PAGE_SIZE_CAP, Math.max(1, Math.floor(requested)));
}

/**
 * The rows after `cursor` in ascending (`asc`) or descending (`desc`) order of `field`, then
 * id: a Prisma `where` fragment, answered by an index on (…, field, id). The bound on `field`
 * alone (implied by the OR) is what lets the index start at the cursor rather than read, and
 * filter out, every row of the pages before it.
 */
export function afterCursor<F extends string>(field: F, cursor: Cursor | null, direction: "asc" | "desc") {
  if (!cursor) return {};
  const [from, beyond] = direction === "asc" ? ["gte", "gt"] : ["lte", "lt"];
  return { [field]: { [from]: cursor.at }, OR: [{ [field]: { [beyond]: cursor.at } }, { [field]: cursor.at, id: { [beyond]: cursor.id } }] } as Record<string, unknown>;
}

/** -1, 0 or 1: where `a` comes before `b` in ascending (`asc`) or descending (`desc`) order of the sort key, then id. */
export function compareCursors(a: Cursor, b: Cursor, direction: "asc" | "desc"): number {
  const ascending = a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return Math.sign(direction === "asc" ? ascending : -ascending);
}

/**
 * One list that spans several values of an indexed column (a queue's statuses), read a value at
 * a time and merged in the list's order: the first `take` rows. An index on (column, field, …)
 * gives each value's rows already in order, so the database stops after `take` rows of each;
 * one query over `column IN (…)` would sort every row of the list for each page instead
 * (PostgreSQL does not merge an IN list's index ranges). Ids compare as PostgreSQL orders uuids
 * (lower-case hex, as Prisma returns them).
 */
export async function readEachValue<Value, Row>(
  values: readonly Value[],
  take: number,
  direction: "asc" | "desc",
  read: (value: Value) => Promise<Row[]>,
  keyOf: (row: Row) => Cursor,
): Promise<Row[]> {
  const runs = await Promise.all(values.map(read));
  return runs
    .flat()
    .sort((a, b) => compareCursors(keyOf(a), keyOf(b), direction))
    .slice(0, take);
}

/** Splits a page read with one extra row: the rows to show, and the next page's cursor when there is one. */
export function splitPage<T>(rows: T[], size: number, keyOf: (row: T) => Cursor): { rows: T[]; next: string | null } {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > size && last ? encodeCursor(keyOf(last).at, keyOf(last).id) : null };
}

/**
 * Reads one keyset page: the rows after the cursor `before` names (a bad or missing cursor
 * reads the first page) in `direction` of `field` then id, `size` of them at most (capped).
 * `read` gets the `where` fragment and how many rows to read (one beyond the page, to know
 * whether another follows); `keyOf` names a row's place.
 */
export async function readKeysetPage<Row>(
  { before, size, field, direction }: { before: string | null | undefined; size: number; field: string; direction: "asc" | "desc" },
  read: (slice: Record<string, unknown>, take: number) => Promise<Row[]>,
  keyOf: (row: Row) => Cursor,
): Promise<{ rows: Row[]; next: string | null; isLaterPage: boolean }> {
  const cursor = parseCursor(before);
  const shown = pageSize(size);
  const page = splitPage(await read(afterCursor(field, cursor, direction), shown + 1), shown, keyOf);
  return { ...page, isLaterPage: cursor !== null };
}
