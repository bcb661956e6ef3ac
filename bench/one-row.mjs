// The row of a query that always answers one (an aggregate, now()): the bench's SQL reads it
// without a check of its own at each place.

/**
 * @template R
 * @param {{ rows: R[] }} result
 * @returns {R}
 */
export function oneRow({ rows }) {
  const [row] = rows;
  if (!row) throw new Error("the query answered no row");
  return row;
}
