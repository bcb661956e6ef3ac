/**
 * Dose ladders: medicines whose dose is stepped up over time, one step at a time. Pure rules,
 * shared by the server (what an order line or a subscription supplies, the supply check) and
 * the forms (the check-in's dose question, the prescriber's approval).
 *
 * A dose is stored as its label ("2.5 mg"), the same text the patient, the pharmacist and the
 * GP letter read.
 */
export type DoseLadder = {
  /** The product's slug. */
  slug: string;
  /** Every dose, lowest first: the first is the starting dose, the last the maximum. */
  doses: readonly string[];
  /** How often a dose is taken, for labels ("once weekly"). */
  frequency: string;
  /** The minimum time on a dose before the next step, in weeks. */
  minWeeksPerStep: number;
  /** Where the rule comes from (shown beside it). */
  source: string;
};

// Mounjaro (tirzepatide) SmPC section 4.2, Posology: start at 2.5 mg once weekly for 4 weeks,
// then 5 mg; increase in 2.5 mg steps after at least 4 weeks on the current dose; maintenance
// 5, 10 or 15 mg; maximum 15 mg once weekly.
const MOUNJARO_LADDER: DoseLadder = {
  slug: "mounjaro",
  doses: ["2.5 mg", "5 mg", "7.5 mg", "10 mg", "12.5 mg", "15 mg"],
  frequency: "once weekly",
  minWeeksPerStep: 4,
  source: "Mounjaro SmPC section 4.2 (posology): start 2.5 mg once weekly for 4 weeks, then 5 mg; increase in 2.5 mg steps after at least 4 weeks on the current dose; maximum 15 mg once weekly.",
};

const LADDERS: readonly DoseLadder[] = [MOUNJARO_LADDER];

/** The product's dose ladder, or null when its dose is not stepped. */
export function doseLadderFor(slug: string): DoseLadder | null {
  return LADDERS.find((ladder) => ladder.slug === slug) ?? null;
}

/** The dose a first supply starts at, or null for a product without a ladder. */
export function startingDose(slug: string): string | null {
  return doseLadderFor(slug)?.doses[0] ?? null;
}

/** The dose one step above `dose`; null at the maximum, for a dose not on the ladder, or without a ladder. */
export function nextDose(slug: string, dose: string): string | null {
  const ladder = doseLadderFor(slug);
  if (!ladder) return null;
  const at = ladder.doses.indexOf(dose);
  return at >= 0 ? (ladder.doses[at + 1] ?? null) : null;
}

/** The dose one step below `dose`; null at the starting dose, for a dose not on the ladder, or without a ladder. */
export function previousDose(slug: string, dose: string): string | null {
  const ladder = doseLadderFor(slug);
  if (!ladder) return null;
  const at = ladder.doses.indexOf(dose);
  return at > 0 ? (ladder.doses[at - 1] ?? null) : null;
}

/** Whether `dose` is on the product's ladder. */
export function isLadderDose(slug: string, dose: string): boolean {
  return doseLadderFor(slug)?.doses.includes(dose) ?? false;
}

/** Whether going from `from` to `to` keeps the dose or raises it by exactly one step (never down, never two). */
export function isOneStepOrSame(slug: string, from: string, to: string): boolean {
  if (!isLadderDose(slug, from) || !isLadderDose(slug, to)) return false;
  return to === from || nextDose(slug, from) === to;
}

/** "same" or "up" for a change the ladder allows; null otherwise. */
export function doseStep(slug: string, from: string, to: string): "same" | "up" | null {
  if (!isOneStepOrSame(slug, from, to)) return null;
  return to === from ? "same" : "up";
}
