// Database commands, offline (WebAssembly schema engine, see ./engine.mjs):
//   node scripts/db/cli.mjs create <name>   new migration from prisma/schema.prisma (not applied)
//   node scripts/db/cli.mjs deploy          apply pending migrations, then prepare the app's own
//                                           login (APP_DATABASE_URL): job queues, role, grants
//   node scripts/db/cli.mjs status          applied / pending migrations (exit 1 if not up to date)
//   node scripts/db/cli.mjs reset --force   drop everything, re-apply all migrations
//   node scripts/db/cli.mjs seed            apply pending migrations, then run prisma/seed.mjs
//   node scripts/db/cli.mjs studio          Prisma Studio on $STUDIO_PORT (5555) until Ctrl-C
// The database comes from server/runtime/database.mjs (DATABASE_URL or the embedded server).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareAppLogin } from "../../server/runtime/app-role.mjs";
import { resolveDatabase } from "../../server/runtime/database.mjs";
import { applyMigrations, createMigration, migrationStatus, resetDatabase } from "../../server/runtime/schema-engine.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** @param {string} p */
const rel = (p) => path.relative(process.cwd(), p) || ".";

/** @param {string} url */
function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

// Runs a child process with DATABASE_URL set; resolves with its exit code. Ctrl-C reaches
// the child through the terminal; we only wait for it, so the database outlives it.
/**
 * @param {string[]} args
 * @param {string} url
 * @returns {Promise<number>}
 */
function runChild(args, url) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT, stdio: "inherit",
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
    const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
    process.on("SIGINT", forward).on("SIGTERM", forward);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward).off("SIGTERM", forward);
      resolve(code ?? (signal ? 130 : 1));
    });
  });
}

/** @param {string} url */
async function ensureMigrated(url) {
  const applied = await applyMigrations({ url });
  if (applied.length > 0) console.log(`Applied pending migrations: ${applied.join(", ")}`);
}

/** @typedef {Awaited<ReturnType<typeof resolveDatabase>>} Database */

/** Each command resolves with the exit code. @type {Record<"create" | "deploy" | "status" | "reset" | "seed" | "studio", (db: Database, args: string[]) => Promise<number>>} */
const commands = {
  async create(db, [name]) {
    const folder = await createMigration({ url: db.url, name });
    if (!folder) {
      console.log("No schema change: prisma/schema.prisma and the migrations are in sync. Nothing created.");
      return 0;
    }
    console.log(`Created ${rel(path.join(folder, "migration.sql"))} (not applied).`);
    console.log("Review it (add raw SQL by hand if needed), then run: npm run db:migrate");
    return 0;
  },

  async deploy(db) {
    const applied = await applyMigrations({ url: db.url });
    console.log(applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join("\n  ")}` : "No pending migrations.");
    const appUrl = await prepareAppLogin(db.url);
    console.log(`The app's login ${decodeURIComponent(new URL(appUrl).username)} is granted what it needs (rows, not the schema; the audit log: INSERT and SELECT only).`);
    return 0;
  },

  async status(db) {
    const s = await migrationStatus({ url: db.url });
    console.log(`Database: ${redact(db.url)}`);
    console.log(`${s.local.length} migration(s) in prisma/migrations, ${s.applied.length} applied to the database.`);
    const list = (/** @type {string} */ title, /** @type {string[]} */ names) => names.length && console.log(`${title}:\n  ${names.join("\n  ")}`);
    list("Applied", s.applied);
    list("Pending", s.pending);
    list("Failed", s.failed);
    list("Edited after being applied (checksum differs)", s.edited);
    list("Applied to the database but missing from prisma/migrations", s.notInFolder);
    const ok = s.pending.length === 0 && s.failed.length === 0 && s.notInFolder.length === 0;
    console.log(ok ? "Database schema is up to date." : "Database is NOT up to date with prisma/migrations.");
    return ok ? 0 : 1;
  },

  async reset(db) {
    const applied = await resetDatabase({ url: db.url });
    console.log(`Database reset; applied ${applied.length} migration(s):\n  ${applied.join("\n  ")}`);
    await prepareAppLogin(db.url);
    return 0;
  },

  async seed(db) {
    const seed = path.join(ROOT, "prisma/seed.mjs");
    if (!existsSync(seed)) {
      console.error("prisma/seed.mjs is missing: nothing to seed.");
      return 1;
    }
    await ensureMigrated(db.url);
    return runChild([seed], db.url);
  },

  async studio(db) {
    await ensureMigrated(db.url);
    const port = process.env.STUDIO_PORT || "5555";
    console.log(`Prisma Studio on http://localhost:${port} (Ctrl-C to stop)`);
    const cli = path.join(ROOT, "node_modules/prisma/build/index.js");
    return runChild([cli, "studio", "--port", port, "--browser", "none"], db.url);
  },
};

/**
 * @param {string | undefined} name
 * @returns {name is keyof typeof commands}
 */
const isCommand = (name) => name !== undefined && Object.hasOwn(commands, name);

const [command, ...args] = process.argv.slice(2);
if (!isCommand(command) || (command === "create" && !args[0])) {
  console.error("Usage: node scripts/db/cli.mjs <create <name> | deploy | status | reset --force | seed | studio>");
  process.exit(2);
}
if (command === "reset" && !args.includes("--force")) {
  console.error("reset drops ALL data in the database. Re-run with --force (npm run db:reset -- --force).");
  process.exit(1);
}

let db;
let code = 1;
try {
  db = await resolveDatabase({ purpose: "app" });
  code = await commands[command](db, args);
} catch (error) {
  const failure = /** @type {{ message?: string, stack?: string } | null | undefined} */ (error);
  console.error(`Error: ${failure?.message ?? error}`);
  if (process.env.DEBUG && failure?.stack) console.error(failure.stack);
} finally {
  await db?.stop().catch((error) => console.error(`Could not stop the database: ${error.message}`));
}
process.exit(code);
