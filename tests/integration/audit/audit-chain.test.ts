// The audit log's hash chain and `npm run audit:verify`: a clean chain passes, a row changed by
// the owner (who can lift the append-only trigger) is found by its id, and concurrent writers
// still make one linear chain.
import { spawnSync } from "node:child_process";
import pg from "pg";

const ownerUrl = process.env.DATABASE_URL!;
let owner: pg.Client;

beforeAll(async () => {
  owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
});

afterAll(async () => {
  await owner?.end();
});

function auditVerify(args: string[] = []) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: ownerUrl };
  const result = spawnSync(process.execPath, ["scripts/verify-audit-chain.mjs", ...args], { env, encoding: "utf8", timeout: 60_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

async function appendEvents(count: number) {
  for (let index = 0; index < count; index++) {
    await owner.query("INSERT INTO audit_events (actor_role, action, subject_type, subject_id, detail) VALUES ('ADMIN', 'audit.viewed', 'audit_log', $1, $2)", [
      `chain-test-${index}`,
      JSON.stringify({ note: `é "quoted" ${index}`, page: index }),
    ]);
  }
}

/** Runs sql as the owner with the append-only trigger lifted, as anyone with that login could. */
async function asOwnerWithoutTrigger(sql: string, values: unknown[]) {
  await owner.query("BEGIN");
  await owner.query("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete");
  await owner.query(sql, values);
  await owner.query("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete");
  await owner.query("COMMIT");
}

describe("npm run audit:verify", () => {
  it("passes on a clean chain and prints its head", async () => {
    await appendEvents(3);
    const { rows: [{ count }] } = await owner.query("SELECT count(*)::int AS count FROM audit_events");
    const { rows: [head] } = await owner.query("SELECT id, hash FROM audit_events ORDER BY id DESC LIMIT 1");
    const result = auditVerify();
    expect(result.out).toContain(`${count} events, chain intact.`);
    expect(result.out).toContain(`Head: event ${head.id}, hash ${head.hash}`);
    expect(result.status).toBe(0);
    expect(auditVerify(["--anchor", `${head.id}:${head.hash}`])).toMatchObject({ status: 0 });
    expect(auditVerify(["--anchor", `${head.id}:${"0".repeat(64)}`])).toMatchObject({ status: 1, out: expect.stringContaining(`the anchor does not hold: event ${head.id} has another hash`) });
  });

  it("finds exactly the event the owner changed, and the link after one changed and re-hashed", async () => {
    await appendEvents(3);
    const { rows } = await owner.query("SELECT id, action, hash FROM audit_events ORDER BY id DESC LIMIT 3");
    const target = rows[1];
    try {
      await asOwnerWithoutTrigger("UPDATE audit_events SET action = 'prescription.issued' WHERE id = $1", [target.id]);
      const changed = auditVerify();
      expect(changed.status).toBe(1);
      expect(changed.out).toMatch(new RegExp(`^Audit chain broken at event ${target.id} \\(\\d+ events before it are intact\\): its fields do not match its hash`));

      // The same change with the event's hash recomputed: the next event no longer links to it.
      await asOwnerWithoutTrigger("UPDATE audit_events SET hash = audit_event_hash(id, at, actor_id, actor_role, action, subject_type, subject_id, detail, prev_hash) WHERE id = $1", [target.id]);
      const rehashed = auditVerify();
      expect(rehashed.status).toBe(1);
      expect(rehashed.out).toContain(`Audit chain broken at event ${rows[0].id}`);
      expect(rehashed.out).toContain(`is not event ${target.id}'s hash`);
    } finally {
      await asOwnerWithoutTrigger("UPDATE audit_events SET action = $2, hash = $3 WHERE id = $1", [target.id, target.action, target.hash]);
    }
    expect(auditVerify()).toMatchObject({ status: 0 });
  }, 30_000);
});

describe("the audit chain", () => {
  it("stays linear under concurrent writers: ids in chain order, each event linked to the one before", async () => {
    const pool = new pg.Pool({ connectionString: ownerUrl, max: 8 });
    try {
      const { rows: [{ last }] } = await owner.query("SELECT COALESCE(max(id), 0) AS last FROM audit_events");
      // Each writer holds its transaction open a moment after inserting, so they interleave.
      await Promise.all(
        Array.from({ length: 24 }, async (_, index) => {
          const client = await pool.connect();
          try {
            await client.query("BEGIN");
            await client.query("INSERT INTO audit_events (actor_role, action, subject_type, subject_id) VALUES ('ADMIN', 'audit.viewed', 'audit_log', $1)", [`concurrent-${index}`]);
            await client.query("SELECT pg_sleep(0.02)");
            await client.query(index % 5 === 0 ? "ROLLBACK" : "COMMIT");
          } finally {
            client.release();
          }
        }),
      );
      const { rows } = await owner.query("SELECT id, prev_hash, hash FROM audit_events WHERE id > $1 ORDER BY id", [last]);
      expect(rows).toHaveLength(19);
      for (let index = 1; index < rows.length; index++) expect(rows[index].prev_hash).toBe(rows[index - 1].hash);
      const { rows: forks } = await owner.query("SELECT prev_hash FROM audit_events GROUP BY prev_hash HAVING count(*) > 1");
      expect(forks).toEqual([]);
      expect(auditVerify()).toMatchObject({ status: 0 });
    } finally {
      await pool.end();
    }
  }, 30_000);

  it("refuses a write from a REPEATABLE READ transaction, which could fork the chain", async () => {
    await owner.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
    try {
      await expect(owner.query("INSERT INTO audit_events (actor_role, action, subject_type, subject_id) VALUES ('ADMIN', 'audit.viewed', 'audit_log', 'rr')")).rejects.toThrow(
        /audit events are written in READ COMMITTED transactions only/,
      );
    } finally {
      await owner.query("ROLLBACK");
    }
  });
});
