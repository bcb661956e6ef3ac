// `npm run db:restore -- <file> [--force]`: restores a dump made by `npm run db:backup` into
// the shop's database (DATABASE_URL, or the embedded PostgreSQL). It refuses a database that
// already holds data unless --force, which replaces what the dump contains. The restore runs
// in one transaction (pg_restore's SQL run by psql --single-transaction with ON_ERROR_STOP):
// if anything fails, the database is left exactly as it was. Afterwards it checks that the database has every
// migration this code expects.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DatabaseUnreachableError, resolveDatabase } from "../../server/runtime/database.mjs";
import { migrationStatus } from "../../server/runtime/schema-engine.mjs";
import { clientEnvironment, findClientTool, maskUrl, nonEmptyTables, serverMajorVersion } from "./backup-tools.mjs";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
const file = positionals[0];
if (!file || !fs.existsSync(file)) {
  console.error(file ? `No such backup file: ${file}` : "Usage: npm run db:restore -- <backup file> [--force]");
  process.exit(1);
}
if (fs.existsSync(".env")) process.loadEnvFile(".env");

let database;
try {
  database = await resolveDatabase({ purpose: "app", quiet: true });
} catch (error) {
  console.error(error instanceof DatabaseUnreachableError ? error.message : `Could not start the database: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
let code = 0;
try {
  const pgRestore = findClientTool("pg_restore", await serverMajorVersion(database.url));
  const filled = await nonEmptyTables(database.url);
  if (filled.length && !values.force) {
    throw new Error(`${maskUrl(database.url)} already holds data (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? ", …" : ""}); nothing was changed. Restore into an empty database, or pass --force to replace it.`);
  }
  const major = await serverMajorVersion(database.url);
  const psql = findClientTool("psql", major);
  // pg_restore --clean cannot drop pg-boss's queue partitions (their keys are inherited), so the
  // dump is turned into SQL first (a damaged dump stops here), then run by psql in one
  // transaction after dropping pg-boss's schema, which the dump brings back whole.
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-restore-"));
  try {
    const sqlFile = path.join(workDir, "restore.sql");
    const script = spawnSync(pgRestore, ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--file", sqlFile, file], { env: clientEnvironment(database.url), stdio: ["ignore", "inherit", "inherit"] });
    if (script.status !== 0) throw new Error(`pg_restore failed to read ${file} (exit ${script.status ?? script.signal}); the database was left as it was.`);
    const result = spawnSync(psql, ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--single-transaction", "-c", "DROP SCHEMA IF EXISTS pgboss CASCADE", "-f", sqlFile], {
      env: clientEnvironment(database.url),
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) throw new Error(`pg_restore failed (psql exit ${result.status ?? result.signal}); the database was left as it was.`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const status = await migrationStatus({ url: database.url });
  console.log(`Restored ${file} into ${maskUrl(database.url)}.`);
  if (status.pending.length) {
    console.log(`The backup predates ${status.pending.length} migration(s) of this code (${status.pending.join(", ")}): \`npm start\` (or \`npm run db:migrate\`) applies them.`);
  } else {
    console.log("Its migrations match this code's.");
  }
  // Restored without grants (--no-privileges): the app's own login is granted again by the owner.
  console.log("The app's database login has no grants on the restored tables until `npm start` (or `npm run db:migrate`) runs.");
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  code = 1;
} finally {
  await database.stop();
}
process.exit(code);
