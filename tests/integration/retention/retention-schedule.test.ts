// How retention.sweep runs: on pg-boss's cron in every worker (one job per tick), continuing
// itself when its budget runs out, as the app's own database login, next to pg-boss's own
// retention of finished jobs.
import { spawnSync } from "node:child_process";
import PgBoss from "pg-boss";
import { db } from "@/lib/server/core/db/client";
import { installJobQueues } from "@/lib/server/services/jobs/install-job-queues";
import { closeJobQueue, ensureJobQueue, getJobQueue } from "@/lib/server/services/jobs/job-queue";
import { CRON_QUEUE, JOB_DELETE_AFTER_DAYS, pgBossConfig } from "@/lib/server/services/jobs/pg-boss-config";
import { startJobWorker, type JobWorker } from "@/lib/server/services/jobs/start-job-worker";
import type { JobDefinition } from "@/lib/server/services/jobs/define-job";
import { QUESTIONNAIRE_RESPONSE_REFERENCES } from "@/lib/server/retention/retention-conditions";
import { retentionTables } from "@/lib/server/retention/retention-policy";
import { RETENTION_SWEEP_CRON, retentionSweepJob, sweepAndContinue } from "@/lib/server/retention/retention-sweep-job";

jest.setTimeout(120_000);

const ownerUrl = process.env.DATABASE_URL!;
const workers: JobWorker[] = [];

afterAll(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ timeoutMs: 1_000 })));
  await closeJobQueue();
});

/** Tables whose foreign keys point at `table`. */
async function referencing(table: string) {
  const rows = await db.$queryRaw<{ table: string }[]>`
    SELECT DISTINCT conrelid::regclass::text AS table FROM pg_constraint WHERE contype = 'f' AND confrelid = ${table}::regclass`;
  return rows.map((row) => row.table).sort();
}

describe("retention.sweep's schedule", () => {
  it("has its cron queue created by the owner's install step (a queue is a partition: the app's login cannot make one)", async () => {
    const boss = await getJobQueue();
    await boss.deleteQueue(CRON_QUEUE);
    expect(await boss.getQueue(CRON_QUEUE)).toBeNull();
    await installJobQueues([], ownerUrl);
    expect(await boss.getQueue(CRON_QUEUE)).toMatchObject({ name: CRON_QUEUE });
  });

  it("is registered once, hourly in UTC, however many workers start, and the workers keep pg-boss's clock", async () => {
    await db.$executeRaw`DELETE FROM pgboss.schedule WHERE name = ${retentionSweepJob.name}`;
    await db.$executeRaw`UPDATE pgboss.version SET cron_on = NULL`;
    const definitions = [retentionSweepJob as JobDefinition<unknown>];
    workers.push(await startJobWorker(definitions), await startJobWorker(definitions));

    const schedules = await db.$queryRaw<{ name: string; cron: string; timezone: string; data: unknown }[]>`
      SELECT name, cron, timezone, data FROM pgboss.schedule WHERE name = ${retentionSweepJob.name}`;
    expect(schedules).toEqual([{ name: "retention.sweep", cron: RETENTION_SWEEP_CRON, timezone: "UTC", data: {} }]);
    expect(RETENTION_SWEEP_CRON).toBe("7 * * * *");
    // The timekeeper (schedule: true) claims each cron tick by stamping cron_on.
    const deadline = Date.now() + 10_000;
    let stamped = false;
    while (!stamped && Date.now() < deadline) {
      stamped = (await db.$queryRaw<{ stamped: boolean }[]>`SELECT cron_on IS NOT NULL AS stamped FROM pgboss.version`)[0]!.stamped;
      if (!stamped) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(stamped).toBe(true);
    await Promise.all(workers.splice(0).map((worker) => worker.stop({ timeoutMs: 1_000 })));
  });
});

describe("a run that spends its budget", () => {
  it("queues its own continuation a few seconds later", async () => {
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = ${retentionSweepJob.name} AND state = 'created'`;
    const before = Date.now();
    const result = await sweepAndContinue({ now: new Date("2001-01-01T00:00:00Z"), budgetMs: 0 });
    expect(result.finished).toBe(false);
    const queued = await db.$queryRaw<{ id: string; startAfter: Date; data: unknown }[]>`
      SELECT id::text AS id, start_after AS "startAfter", data FROM pgboss.job WHERE name = ${retentionSweepJob.name} AND state = 'created'`;
    expect(queued).toHaveLength(1);
    expect(queued[0]!.data).toEqual({});
    expect(queued[0]!.startAfter.getTime()).toBeGreaterThan(before + 5_000);
    await db.$executeRaw`DELETE FROM pgboss.job WHERE id = ${queued[0]!.id}::uuid`;

    const finished = await sweepAndContinue({ now: new Date("2001-01-01T00:00:00Z") });
    expect(finished.finished).toBe(true);
    expect(await db.$queryRaw`SELECT id FROM pgboss.job WHERE name = ${retentionSweepJob.name} AND state = 'created'`).toEqual([]);
  });
});

describe("the app's database login", () => {
  it("may DELETE from every table the sweep deletes from, and still not from the audit log", async () => {
    const prepared = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", 'import { ensureAppRole, localAppDatabaseUrl } from "./server/runtime/app-role.mjs"; await ensureAppRole(process.env.DATABASE_URL, localAppDatabaseUrl(process.env.DATABASE_URL));'],
      { env: process.env, encoding: "utf8", timeout: 60_000 },
    );
    expect({ status: prepared.status, stderr: prepared.stderr }).toEqual({ status: 0, stderr: "" });
    const role = `${new URL(ownerUrl).pathname.slice(1)}_app`;
    const privileges = await db.$queryRaw<{ table: string; canDelete: boolean }[]>`
      SELECT t AS table, has_table_privilege(${role}, t, 'DELETE') AS "canDelete" FROM unnest(${[...retentionTables, "audit_events"]}::text[]) AS t`;
    expect(Object.fromEntries(privileges.map((row) => [row.table, row.canDelete]))).toEqual({ ...Object.fromEntries(retentionTables.map((table) => [table, true])), audit_events: false });
    expect(retentionTables).not.toContain("audit_events");
  });
});

describe("the policy against the schema", () => {
  it("checks every table that can reference a questionnaire response before deleting a draft", async () => {
    expect(await referencing("questionnaire_responses")).toEqual([...QUESTIONNAIRE_RESPONSE_REFERENCES].sort());
  });

  it("deletes a lapsed hold's payment knowing every kind of record a payment can belong to", async () => {
    // A payment belongs to one booking, prescription request or order; the sweep deletes only
    // those of the bookings it deletes. A new kind of record must be considered there.
    expect(await referencing("payments")).toEqual(["consultation_bookings", "orders", "prescription_requests"]);
  });
});

describe("pg-boss's own retention, as configured", () => {
  it("moves a finished job to the archive after a day and deletes archived jobs after two weeks", async () => {
    await ensureJobQueue(retentionSweepJob as JobDefinition<unknown>);
    const boss = new PgBoss(pgBossConfig({ supervise: false, schedule: false, max: 1 }));
    boss.on("error", () => undefined);
    await boss.start();
    const maintain = () => (boss as unknown as { maintain(): Promise<unknown> }).maintain();
    const finishedJob = async (hoursAgo: number) => {
      const [row] = await db.$queryRaw<{ id: string }[]>`
        INSERT INTO pgboss.job (name, data, state, completed_on) VALUES (${retentionSweepJob.name}, '{}', 'completed', now() - make_interval(hours => ${hoursAgo})) RETURNING id::text AS id`;
      return row!.id;
    };
    const where = async (id: string) => {
      const [row] = await db.$queryRaw<{ inJob: boolean; inArchive: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM pgboss.job WHERE id = ${id}::uuid) AS "inJob", EXISTS (SELECT 1 FROM pgboss.archive WHERE id = ${id}::uuid) AS "inArchive"`;
      return row;
    };
    try {
      const [stale, kept, recent] = [await finishedJob(25), await finishedJob(25), await finishedJob(23)];
      await maintain();
      expect(await where(stale)).toEqual({ inJob: false, inArchive: true });
      expect(await where(recent)).toEqual({ inJob: true, inArchive: false });

      await db.$executeRaw`UPDATE pgboss.archive SET archived_on = now() - make_interval(days => ${JOB_DELETE_AFTER_DAYS}, hours => 1) WHERE id = ${stale}::uuid`;
      await db.$executeRaw`UPDATE pgboss.archive SET archived_on = now() - make_interval(days => ${JOB_DELETE_AFTER_DAYS - 1}) WHERE id = ${kept}::uuid`;
      await maintain();
      expect(await where(stale)).toEqual({ inJob: false, inArchive: false });
      expect(await where(kept)).toEqual({ inJob: false, inArchive: true });
      await db.$executeRaw`DELETE FROM pgboss.job WHERE id = ${recent}::uuid`;
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
