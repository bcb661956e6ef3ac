import "server-only";
import { readKeysetPage, type Cursor } from "@/lib/server/core/pagination/keyset";

// The staff queues a keyset page at a time (issue 24): oldest first, QUEUE_PAGE_SIZE rows a
// page (capped by PAGE_SIZE_CAP), the next page starting after the last row shown. "Find by
// reference" narrows a queue to one case instead, wherever it is in the list.

export const QUEUE_PAGE_SIZE = 50;

/** What a queue page is asked for: the cursor of the page before, or a reference to find (which wins). */
export type QueuePageQuery = { after?: string | null; reference?: string | null; size?: number };

/** One page of a queue: its rows, the next page's cursor (null on the last), and whether it is a later page. */
export type QueuePage<Item> = { items: Item[]; nextAfter: string | null; isLaterPage: boolean };

// Longer than any reference ("PR-7K3Q9D"): what is typed is only ever compared, never shown raw.
const REFERENCE_MAX = 20;

/** The reference typed into "Find by reference", trimmed and in capitals; null when none was given. */
export function searchedReference(raw: string | null | undefined): string | null {
  const reference = (raw ?? "").trim().toUpperCase().slice(0, REFERENCE_MAX);
  return reference ? reference : null;
}

/** A queue page's query from the page's search parameters (anything not a single string is ignored). */
export function queueQuery(params: Record<string, string | string[] | undefined>, cursorParam = "after"): { after: string | null; reference: string | null } {
  const text = (name: string) => (typeof params[name] === "string" ? (params[name] as string) : null);
  return { after: text(cursorParam), reference: searchedReference(text("reference")) };
}

/**
 * Reads one page of a queue ordered by `field` then id, ascending. `read` gets the `where`
 * fragment that picks the page (the rows after the cursor, or the one reference searched for)
 * and how many rows to read; `keyOf` names a row's place. A bad cursor reads the first page.
 */
export async function readQueuePage<Row>(
  query: QueuePageQuery,
  field: string,
  read: (slice: Record<string, unknown>, take: number) => Promise<Row[]>,
  keyOf: (row: Row) => Cursor,
): Promise<{ rows: Row[]; nextAfter: string | null; isLaterPage: boolean }> {
  const reference = searchedReference(query.reference);
  if (reference) return { rows: await read({ reference }, 1), nextAfter: null, isLaterPage: false };
  const page = await readKeysetPage({ before: query.after, size: query.size ?? QUEUE_PAGE_SIZE, field, direction: "asc" }, read, keyOf);
  return { rows: page.rows, nextAfter: page.next, isLaterPage: page.isLaterPage };
}
