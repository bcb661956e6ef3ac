// The audit log's hash chain, checked from outside the database: this module recomputes each
// event's hash from its stored fields (the same canonical encoding as the database function
// audit_event_hash, migration 20261125210500_audit_hash_chain, written again here so that a
// changed function in the database cannot vouch for itself) and walks the events in id order.
import { createHash } from "node:crypto";

export const GENESIS_HASH = "0".repeat(64);
const BATCH = 5000;

/**
 * Encoding v1: "audit-v1", then each field as <UTF-8 byte length>:<text>, "-" for NULL.
 * @param {Record<string, string | null>} event an audit_events row, every field as text
 * @returns {string}
 */
export function auditEventHash(event) {
  const fields = [event.id, event.at, event.actor_id, event.actor_role, event.action, event.subject_type, event.subject_id, event.detail, event.prev_hash];
  const encoded = fields.map((field) => (field === null || field === undefined ? "-" : `${Buffer.byteLength(String(field), "utf8")}:${field}`)).join("");
  return createHash("sha256").update(`audit-v1${encoded}`, "utf8").digest("hex");
}

/**
 * Walks audit_events in id order, BATCH rows at a time, on a pg client.
 * @param {import("pg").Client} client
 * @returns {Promise<{ ok: true, count: number, head: { id: string, hash: string } | null } | { ok: false, count: number, id: string, problem: string }>}
 */
export async function verifyAuditChain(client) {
  /** @type {{ id: string | null, hash: string }} */
  let previous = { id: null, hash: GENESIS_HASH };
  let count = 0;
  for (;;) {
    const { rows } = await client.query(
      `SELECT id::text, to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS at, actor_id::text, actor_role, action, subject_type, subject_id, detail::text, prev_hash, hash
         FROM audit_events WHERE $1::bigint IS NULL OR audit_events.id > $1::bigint ORDER BY audit_events.id LIMIT ${BATCH}`,
      [previous.id],
    );
    for (const event of rows) {
      if (event.prev_hash !== previous.hash) {
        const before = previous.id ? `event ${previous.id}'s hash (${previous.hash})` : `the chain's start (${GENESIS_HASH})`;
        return {
          ok: false,
          count,
          id: event.id,
          problem: `its prev_hash (${event.prev_hash}) is not ${before}: ${previous.id ? `event ${previous.id} was changed and re-hashed, or events between them were removed` : "events before it were removed"}`,
        };
      }
      const computed = auditEventHash(event);
      if (computed !== event.hash) {
        return { ok: false, count, id: event.id, problem: `its fields do not match its hash (stored ${event.hash}, computed ${computed}): the event was changed after it was written` };
      }
      previous = { id: event.id, hash: event.hash };
      count++;
    }
    if (rows.length < BATCH) break;
  }
  return { ok: true, count, head: previous.id ? { id: previous.id, hash: previous.hash } : null };
}
