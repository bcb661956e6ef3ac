// The database-outage step's judgement of its answers ≥ 500 (bench/database-outage.mjs): while
// PostgreSQL is down, every such answer must be a 503 that says what happened (JSON with a
// message, or a page), never another 5xx, a stack trace or an internal error's text. Each one is
// judged as it arrives, however many there are; a few are kept to print.

const INTERNALS = /at \w+ \(|Error:|prisma/i;
const SAMPLES = 5;

/** @typedef {{ kind?: string, status: number, text?: string }} OutageAnswer An answer the outage's traffic recorded. */

/**
 * Why an answer breaks the rule, or null when it keeps it (an answer below 500 always does).
 * @param {OutageAnswer} answer
 */
export function badOutageReason({ status, text }) {
  if (status < 500) return null;
  if (status !== 503) return `${status}, not 503`;
  if (!text?.trim()) return "503 with an empty body";
  if (INTERNALS.test(text)) return "503 carrying a stack trace or an internal error";
  return null;
}

/** A counter fed every answer of the outage (`record`), read once at the end (`summary`). */
export function outageAnswers() {
  let judged = 0;
  let bad = 0;
  /** @type {{ kind?: string, status: number, reason: string, body?: string }[]} */
  const samples = [];
  return {
    /** @param {OutageAnswer} entry */
    record(entry) {
      if (entry.status < 500) return;
      judged += 1;
      const reason = badOutageReason(entry);
      if (!reason) return;
      bad += 1;
      if (samples.length < SAMPLES) samples.push({ kind: entry.kind, status: entry.status, reason, body: entry.text });
    },
    summary: () => ({ judged, bad, samples }),
  };
}
