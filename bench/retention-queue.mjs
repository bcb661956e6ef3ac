// The bench's way onto the app's job queue (bench/growth-queue.ts, a child process that loads
// the app's own modules): retention.sweep queued as the app queues it, and waited for until it
// and every continuation it queued are done. Used by the growth step after each simulated day,
// and by the cost step to catch a seeded year up before it times anything.
import path from "node:path";
import readline from "node:readline";
import { spawn } from "node:child_process";
import { sleep } from "./harness.mjs";
import { oneRow } from "./one-row.mjs";

/**
 * Queues retention.sweep through the app's enqueueJob (the helper process) and waits for the
 * worker to finish it and any continuation it queued (a run that spent its budget queues the
 * next, 10 s later), i.e. until no retention.sweep job is waiting or running. Returns the rows
 * deleted per table, summed over those runs (each run's job output).
 * @param {import("pg").Client} client
 * @param {QueueHelper} queue
 * @param {() => void} workerAlive throws when the worker that runs the job has gone
 */
export async function sweepThroughQueue(client, queue, workerAlive, timeoutMs = 300_000) {
  /** @type {import("pg").QueryResult<{ at: Date }>} */
  const started = await client.query("SELECT now() AS at");
  const { id } = await queue.ask("sweep");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    workerAlive();
    /** @type {import("pg").QueryResult<{ state: string | null, pending: number }>} */
    const result = await client.query(
      `SELECT (SELECT state::text FROM pgboss.job WHERE id = $1) AS state,
              (SELECT count(*)::int FROM pgboss.job WHERE name = 'retention.sweep' AND state IN ('created', 'retry', 'active')) AS pending`,
      [id],
    );
    const job = oneRow(result);
    if (job.state === "failed") throw new Error(`retention.sweep ${id} failed`);
    if (job.state === "completed" && job.pending === 0) break;
    if (Date.now() > deadline) throw new Error(`retention.sweep ${id} not done after ${timeoutMs / 1000} s (state ${job.state})`);
    await sleep(250);
  }
  /** @type {import("pg").QueryResult<{ output: { deleted?: Record<string, number> } | null }>} the sweep job's output */
  const { rows: runs } = await client.query(`SELECT output FROM pgboss.job WHERE name = 'retention.sweep' AND state = 'completed' AND created_on >= $1`, [oneRow(started).at]);
  /** @type {Record<string, number>} rows deleted by table */
  const deleted = {};
  for (const { output } of runs) for (const [t, n] of Object.entries(output?.deleted ?? {})) deleted[t] = (deleted[t] ?? 0) + n;
  return { runs: runs.length, deleted };
}

/** @typedef {ReturnType<typeof startQueueHelper>} QueueHelper */
/** @typedef {{ table: string, alsoDeletes: string[], keepMs: number }} RetentionRule What the helper's `policy` answers, one per rule. */

/**
 * Starts bench/growth-queue.ts on the scratch database; `ask(command)` resolves with its answer.
 * @param {string} databaseUrl
 */
export function startQueueHelper(databaseUrl) {
  // As the database's owner, like the bench's other helpers (the queue exists: pg-boss only checks it).
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" };
  delete env.APP_DATABASE_URL;
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "growth-queue.ts")], {
    env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  /** @type {((answer: { error?: string }) => void)[]} */
  const waiting = [];
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    if (!line.startsWith("growth-queue> ")) return;
    const answer = JSON.parse(line.slice("growth-queue> ".length));
    waiting.shift()?.(answer);
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  exited.then(() => {
    for (const resolve of waiting.splice(0)) resolve({ error: "growth-queue exited" });
  });
  return {
    /**
     * @overload
     * @param {"policy"} command
     * @returns {Promise<RetentionRule[]>}
     */
    /**
     * @overload
     * @param {"sweep"} command
     * @returns {Promise<{ id: string }>}
     */
    /**
     * The helper's answer to `command` (bench/growth-queue.ts); throws what it answered as an error.
     * @param {"policy" | "sweep"} command
     * @returns {Promise<unknown>}
     */
    async ask(command) {
      /** @type {{ error?: string }} */
      const answer = await new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${command}\n`);
      });
      if (answer.error) throw new Error(`growth-queue ${command}: ${answer.error}`);
      return answer;
    },
    async close() {
      if (child.exitCode === null) child.stdin.end("close\n");
      await Promise.race([exited, sleep(10_000).then(() => child.kill("SIGKILL"))]);
    },
  };
}
