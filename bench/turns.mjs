// How the bench makes one figure from alternating turns (the scale step's empty and scaled
// clinics, GET /api/user beside GET /api/health directly and through nginx, GET /api/plans beside
// GET /api/health/live): each side runs TURNS_PER_SIDE turns, interleaved, so the machine's drift
// falls on both, and a side's figure is the median of its turns. With three or more a side, one
// noisy turn (another engineer's build on this 2-core machine) can neither fail a ratio nor pass
// it; the worse of two turns, as before, let one slow turn decide either way.

export const TURNS_PER_SIDE = 3;

/**
 * a, b, a, b, … : `perSide` turns of each, interleaved.
 * @template A, B
 * @param {A} a
 * @param {B} b
 * @returns {(A | B)[]}
 */
export function alternatingTurns(a, b, perSide = TURNS_PER_SIDE) {
  return Array.from({ length: perSide * 2 }, (_, i) => (i % 2 === 0 ? a : b));
}

/**
 * The median of a list of numbers (the mean of the middle two for an even count).
 * @param {number[]} values
 * @returns {number}
 */
export function median(values) {
  if (!values.length) throw new Error("median of no values");
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  // values is not empty: the middle indexes are inside it.
  return sorted.length % 2 ? /** @type {number} */ (sorted[middle]) : (/** @type {number} */ (sorted[middle - 1]) + /** @type {number} */ (sorted[middle])) / 2;
}

/**
 * `key` of the numerator's turns over the denominator's, each side's median. Null when the
 * denominator's median is not above 0; throws when a side has fewer than TURNS_PER_SIDE turns
 * (one noisy turn would decide it).
 * @template {string} K
 * @param {Record<K, number>[]} numeratorTurns
 * @param {Record<K, number>[]} denominatorTurns
 * @param {K} key
 * @returns {{ numerator: number, denominator: number, ratio: number | null }}
 */
export function medianRatio(numeratorTurns, denominatorTurns, key) {
  for (const turns of [numeratorTurns, denominatorTurns]) {
    if (turns.length < TURNS_PER_SIDE) throw new Error(`a ratio needs at least ${TURNS_PER_SIDE} turns a side (got ${turns.length})`);
  }
  const numerator = median(numeratorTurns.map((turn) => turn[key]));
  const denominator = median(denominatorTurns.map((turn) => turn[key]));
  return { numerator, denominator, ratio: denominator > 0 ? numerator / denominator : null };
}
