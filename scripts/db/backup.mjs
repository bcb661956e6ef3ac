// `npm run db:backup [-- <file>]`: a pg_dump of the shop's database in PostgreSQL's custom
// format (compressed; restored with `npm run db:restore`), without owners or grants so it
// restores into any role's database. Default file: backups/clinic-<timestamp>.dump.
// The dump holds patients' health data and contact details: it is written readable by its
// owner only (0600); keep copies encrypted and off this machine's shared folders.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DatabaseUnreachableError, resolveDatabase } from "../../server/runtime/database.mjs";
import { clientEnvironment, findClientTool, maskUrl, serverMajorVersion } from "./backup-tools.mjs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
const file = path.resolve(process.argv[2] ?? path.join("backups", `clinic-${new Date().toISOString().replace(/[:.]/g, "-")}.dump`));

let database;
try {
  database = await resolveDatabase({ purpose: "app", quiet: true });
} catch (error) {
  console.error(error instanceof DatabaseUnreachableError ? error.message : `Could not start the database: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
let code = 0;
try {
  const pgDump = findClientTool("pg_dump", await serverMajorVersion(database.url));
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  // Created 0600 before pg_dump writes a byte of it.
  fs.closeSync(fs.openSync(partial, "w", 0o600));
  const result = spawnSync(pgDump, ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`], { env: clientEnvironment(database.url), stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) {
    fs.rmSync(partial, { force: true });
    throw new Error(`pg_dump failed (exit ${result.status ?? result.signal}); see its message above. Nothing was written.`);
  }
  fs.renameSync(partial, file);
  console.log(`Backed up ${maskUrl(database.url)} to ${file} (${(fs.statSync(file).size / 1024).toFixed(1)} KB, readable by you only: it holds patients' data).`);
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  code = 1;
} finally {
  await database.stop();
}
process.exit(code);
