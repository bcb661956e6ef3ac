// The production topology (nginx, two app instances, the worker; server/runtime/cluster.mjs) on a
// scratch database of its own on the bench's database server, for one step: started, handed
// to `step` with a connected pg client on that database, then stopped and the database dropped.
import pg from "pg";
import { startCluster } from "../server/runtime/cluster.mjs";
import { setEnv } from "../server/runtime/process-env.mjs";
import { freePort } from "../scripts/lib/free-port.mjs";
import { createScratchDatabase } from "../scripts/lib/scratch-database.mjs";
import { databaseServer } from "./harness.mjs";
import { APP_PORT, DIST_DIR } from "./settings.mjs";

/** @typedef {Awaited<ReturnType<typeof startCluster>>} Cluster The production topology as startCluster runs it. */

/**
 * @template T
 * @param {string} prefix the scratch database's name starts with it
 * @param {(resources: { cluster: Cluster, client: pg.Client, databaseUrl: string }) => Promise<T>} step
 * @returns {Promise<T>}
 */
export async function withScratchCluster(prefix, step) {
  const scratch = await createScratchDatabase(databaseServer().url, prefix);
  /** @type {Cluster | null} */
  let cluster = null;
  /** @type {pg.Client | null} */
  let client = null;
  const restoreEnv = setEnv({ DATABASE_URL: scratch.url });
  try {
    cluster = await startCluster({ port: APP_PORT, appPorts: [await freePort(), await freePort()], distDir: DIST_DIR, quiet: true });
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    return await step({ cluster, client, databaseUrl: scratch.url });
  } finally {
    await client?.end().catch(() => {});
    await cluster?.stop();
    await scratch.drop().catch(() => {});
    restoreEnv();
  }
}
