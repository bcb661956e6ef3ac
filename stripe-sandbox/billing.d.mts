// Types for billing.mjs's pure helpers that TypeScript tests import.

/** The end of one billing period starting at `start` (unix seconds), keeping the anchor day of month. */
export function periodEnd(start: number, recurring: { interval: string; interval_count: number }): number;
