// `npm run audit:verify`: checks the audit log's hash chain (see scripts/lib/audit-chain.mjs)
// and prints "N events, chain intact" with the newest event's id and hash, or the first broken
// link (its id and what differs) with exit code 1.
//
//   npm run audit:verify [-- --anchor <id>:<hash>]
//
// The chain alone cannot show that the newest events were deleted, or that someone with the
// owner's login rewrote every event from some point on. Keep the printed head somewhere else
// (a ticket, the backup log); --anchor then checks that the event with that id still has that
// hash, i.e. nothing up to it was changed and it was not removed.
// Uses DATABASE_URL, else the embedded database (like npm start); it only reads.
import { parseArgs } from "node:util";
import pg from "pg";
import { resolveDatabase } from "../server/runtime/database.mjs";
import { verifyAuditChain } from "./lib/audit-chain.mjs";

const { values } = parseArgs({ options: { anchor: { type: "string" } } });
const anchorMatch = values.anchor ? /^(\d+):([0-9a-f]{64})$/.exec(values.anchor) : null;
if (values.anchor && !anchorMatch) {
  console.error("--anchor takes <id>:<hash>, as printed by an earlier run (e.g. --anchor 1042:3f9c…, 64 hex digits).");
  process.exit(2);
}
// The event id and hash the anchor names (both groups are in every match).
const anchor = anchorMatch ? { id: /** @type {string} */ (anchorMatch[1]), hash: /** @type {string} */ (anchorMatch[2]) } : null;

let database;
let code = 1;
try {
  database = await resolveDatabase({ purpose: "app", quiet: true });
  const client = new pg.Client({ connectionString: database.url, application_name: "audit-verify" });
  await client.connect();
  try {
    const result = await verifyAuditChain(client);
    if (!result.ok) {
      console.error(`Audit chain broken at event ${result.id} (${result.count} events before it are intact): ${result.problem}.`);
    } else if (anchor && !(await anchorHolds(client, anchor.id, anchor.hash))) {
      console.error(`${result.count} events, chain intact, but the anchor does not hold: event ${anchor.id} ${(await client.query("SELECT 1 FROM audit_events WHERE id = $1", [anchor.id])).rowCount ? "has another hash" : "is missing"}, so the log was rewritten or cut back since the anchor was taken.`);
    } else {
      console.log(`${result.count} events, chain intact${anchor ? `, anchor event ${anchor.id} holds` : ""}.`);
      if (result.head) console.log(`Head: event ${result.head.id}, hash ${result.head.hash} (keep it outside the database; check it later with --anchor ${result.head.id}:${result.head.hash}).`);
      code = 0;
    }
  } finally {
    await client.end();
  }
} catch (error) {
  console.error(`Could not check the audit log: ${/** @type {{ message?: string } | null | undefined} */ (error)?.message ?? error}`);
} finally {
  await database?.stop().catch(() => {});
}
process.exit(code);

/**
 * @param {pg.Client} client
 * @param {string} id
 * @param {string} hash
 */
async function anchorHolds(client, id, hash) {
  const { rows } = await client.query("SELECT hash FROM audit_events WHERE id = $1", [id]);
  return rows[0]?.hash === hash;
}
