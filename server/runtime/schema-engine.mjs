// Prisma Migrate without the native schema engine: drives the WebAssembly schema engine
// (@prisma/schema-engine-wasm) through the pg driver adapter, the way the Prisma CLI's
// SchemaEngineWasm does (packages/migrate), so it works where binaries.prisma.sh is
// unreachable. The migrations folder keeps Prisma's standard layout and `_prisma_migrations`
// is written by the engine itself, so `prisma migrate deploy` with the native engine sees the
// same history. See docs/environment.md, "Prisma offline", for the four fixes marked below.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DEFAULT_SCHEMA = path.join(ROOT, "prisma/schema.prisma");
const DEFAULT_MIGRATIONS = path.join(ROOT, "prisma/migrations");
const LOCKFILE = "migration_lock.toml";
const NO_FILTER = { externalTables: [], externalEnums: [] };
// Our own advisory lock, held on a dedicated connection for a whole deploy/reset/create. The
// engine also takes Prisma's lock (72707369), but on a pooled connection that pg may close
// when idle, so it is not a reliable guard on its own. A different key avoids self-deadlock.
const LOCK_KEY = 72707370;

/** @typedef {typeof import("@prisma/schema-engine-wasm/schema_engine_bg")} EngineRuntime */
/** @typedef {import("@prisma/schema-engine-wasm/schema_engine_bg").SchemaEngine} SchemaEngine */
/** @typedef {import("@prisma/schema-engine-wasm/schema_engine_bg").MigrationList} MigrationList */
/** The engine methods called here. @typedef {"applyMigrations" | "createMigration" | "devDiagnostic" | "diagnoseMigrationHistory" | "evaluateDataLoss" | "reset"} EngineCommand */
/**
 * @template {EngineCommand} C
 * @typedef {Parameters<SchemaEngine[C]>[0]} EngineInput
 */
/**
 * @template {EngineCommand} C
 * @typedef {Awaited<ReturnType<SchemaEngine[C]>>} EngineOutput
 */
/** @typedef {import("@prisma/driver-adapter-utils").SqlQuery} SqlQuery */
/** @typedef {Awaited<ReturnType<PrismaPg["connect"]>>} PgAdapter */

class MigrationError extends Error {
  /**
   * @param {string} message
   * @param {string} [code]
   */
  constructor(message, code) {
    super(message);
    this.name = "MigrationError";
    if (code) this.code = code;
  }
}

// ---------------------------------------------------------------------------------------
// Fix 1: load the engine by instantiating the .wasm ourselves. The package main does
// `import * as wasm from "./schema_engine_bg.wasm"` (ESM wasm integration), which Node 20
// cannot load, so wire the generated glue module to our own instance, as Prisma's
// wasmSchemaEngineLoader does. Only one instance per process: wasm-bindgen caches it.
/** @type {string | null} */
let panicMessage = null;
// The engine's panic hook reports the Rust panic message here just before it traps; without
// a registry the hook itself throws a TypeError and the real message is lost.
globalThis.PRISMA_WASM_PANIC_REGISTRY = { set_message: (/** @type {string} */ message) => { panicMessage = message; } };
/** @type {Promise<EngineRuntime> | null} */
let runtimePromise = null;
let poisoned = false;

function loadRuntime() {
  runtimePromise ??= (async () => {
    const glue = import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    /** @type {EngineRuntime} */
    const runtime = await import(glue);
    // readFile's Buffer owns its (non-shared) ArrayBuffer.
    const wasmModule = await WebAssembly.compile(/** @type {Buffer<ArrayBuffer>} */ (await readFile(new URL("schema_engine_bg.wasm", glue))));
    // The engine arms timers (e.g. a 10 s advisory-lock timeout) that it never clears; unref
    // them so a finished command does not keep the process alive. Open pools keep it alive
    // while a command runs.
    /** @type {Record<string, unknown>} */
    const imports = { ...runtime };
    for (const name of Object.keys(runtime).filter((n) => n.startsWith("__wbg_setTimeout_"))) {
      const setTimer = /** @type {(...args: unknown[]) => NodeJS.Timeout | undefined} */ (imports[name]);
      imports[name] = (/** @type {unknown[]} */ ...args) => {
        const timer = setTimer(...args);
        timer?.unref?.();
        return timer;
      };
    }
    const instance = await WebAssembly.instantiate(wasmModule, { "./schema_engine_bg.js": /** @type {WebAssembly.ModuleImports} */ (imports) });
    runtime.__wbg_set_wasm(instance.exports);
    /** @type {() => void} */ (instance.exports.__wbindgen_start)();
    return runtime;
  })();
  return runtimePromise;
}

// ---------------------------------------------------------------------------------------
// Connection settings. Fix 2: the adapter gets separate fields, never a connection string:
// pg lets a `connectionString` override `database`, so the shadow database (same settings,
// another database name) would silently land on the main database.
/** @param {string} url */
function parseDatabaseUrl(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    throw new MigrationError("The database URL is not a valid URL.");
  }
  if (u.protocol !== "postgres:" && u.protocol !== "postgresql:") {
    throw new MigrationError(`Only PostgreSQL URLs are supported (got "${u.protocol}").`);
  }
  const schema = u.searchParams.get("schema");
  if (schema && schema !== "public") {
    throw new MigrationError(`Only the "public" schema is supported (URL asks for "${schema}").`);
  }
  const sslmode = u.searchParams.get("sslmode");
  const ssl = sslmode === "verify-full" || sslmode === "verify-ca" ? true
    : sslmode === "require" ? { rejectUnauthorized: false } : undefined;
  const user = decodeURIComponent(u.username) || "postgres";
  return {
    host: u.searchParams.get("host") || u.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1",
    port: Number(u.port || 5432),
    user,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.slice(1)) || user,
    ...(ssl ? { ssl } : {}),
  };
}

/** @typedef {ReturnType<typeof parseDatabaseUrl>} Connection */

/** @param {Connection} conn */
function describe(conn) {
  return `${conn.host}:${conn.port}/${conn.database}`;
}

/**
 * @template T
 * @param {Connection} conn
 * @param {(client: pg.Client) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withClient(conn, fn) {
  const client = new pg.Client(conn);
  client.on("error", () => {}); // a dropped idle connection surfaces through the next query
  try {
    await client.connect();
  } catch (error) {
    throw new MigrationError(`Cannot connect to the database at ${describe(conn)}: ${/** @type {Error} */ (error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** @param {string} name */
const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

// ---------------------------------------------------------------------------------------
// Fix 4: PostgreSQL's internal `"char"` type (oid 18, e.g. pg_constraint.contype, read by
// the engine's catalog queries) has no mapping in adapter-pg, whose queryRaw then fails with
// UnsupportedNativeDataType. We let those columns through as text and report them to the
// engine as the Character column type, which is what it expects for them.
const CHAR_OID = 18;
const TEXT_OID = 25;
/** @type {WeakMap<unknown[], number[]>} */
const charColumns = new WeakMap(); // result rows -> indexes of "char" columns

/**
 * adapter-pg's queryable (the adapter or a transaction) as patched here: performIO, one pg
 * query, is private in its types.
 * @typedef {{
 *   performIO(query: SqlQuery): Promise<import("pg").QueryArrayResult>,
 *   queryRaw(query: SqlQuery): Promise<import("@prisma/driver-adapter-utils").SqlResultSet>,
 * }} PatchedQueryable
 */

/**
 * @template {object} Q
 * @param {Q} queryable
 * @returns {Q}
 */
function patchQueryable(queryable) {
  const q = /** @type {PatchedQueryable} */ (/** @type {unknown} */ (queryable));
  const performIO = q.performIO.bind(q);
  const queryRaw = q.queryRaw.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    /** @type {number[]} */
    const indexes = [];
    result.fields?.forEach((field, i) => {
      if (field.dataTypeID === CHAR_OID) {
        field.dataTypeID = TEXT_OID;
        indexes.push(i);
      }
    });
    if (indexes.length > 0) charColumns.set(result.rows, indexes);
    return result;
  };
  q.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
  return queryable;
}

/**
 * @param {PgAdapter} adapter
 * @param {MigrationAdapterFactory} factory
 * @param {() => unknown} onDispose
 * @returns {PgAdapter}
 */
function patchAdapter(adapter, factory, onDispose) {
  patchQueryable(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => patchQueryable(await startTransaction(...args));
  // Not one of the four fixes, found while testing: adapter-pg's executeScript splits the
  // script on every ";", which breaks dollar-quoted bodies (functions, DO blocks) and string
  // literals in hand-written migrations. Send the script whole, as the native engine does
  // (simple query protocol: one implicit transaction for the whole script).
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      factory.lastScriptError = error; // the raw PostgreSQL error, for a failed migration's report
      // Throws the adapter's DriverAdapterError, as the original does (onError is protected in its types).
      /** @type {{ onError(error: unknown): never }} */ (/** @type {unknown} */ (adapter)).onError(error);
    }
  };
  const dispose = adapter.dispose.bind(adapter);
  /** @type {Promise<void> | null} */
  let disposed = null;
  adapter.dispose = () => (disposed ??= dispose().finally(onDispose)); // idempotent
  return adapter;
}

// The adapter factory handed to the engine. It records every adapter it opens so that each
// command can close them all (and drop any shadow database) even when the engine fails.
class MigrationAdapterFactory extends PrismaPg {
  /** The raw error of the last migration script that failed (set by patchAdapter's executeScript). @type {unknown} */
  lastScriptError;

  /** @param {Connection} conn */
  constructor(conn) {
    super({ ...conn });
    this.conn = conn;
    /** @type {Set<PgAdapter>} */
    this.open = new Set();
  }

  async connect() {
    const adapter = await super.connect();
    this.open.add(adapter);
    return patchAdapter(adapter, this, () => this.open.delete(adapter));
  }

  // Fix 3: adapter-pg's own connectToShadowDb reuses the factory's config (a connection
  // string would win over its `database`, see fix 2) and drops the database before closing
  // its pool, which fails while that pool's connections are open. Ours creates a temporary
  // database and, on dispose, closes the pool first, then drops the database WITH (FORCE).
  async connectToShadowDb() {
    const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await withClient(this.conn, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
    const adapter = await new PrismaPg({ ...this.conn, database: name }).connect();
    this.open.add(adapter);
    return patchAdapter(adapter, this, async () => {
      this.open.delete(adapter);
      await withClient(this.conn, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    });
  }

  async closeAll() {
    for (const adapter of [...this.open]) await adapter.dispose().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------
// Running engine commands, with every failure turned into one readable message.
/**
 * @param {unknown} error
 * @param {import("@prisma/driver-adapter-utils").ErrorCapturingSqlMigrationAwareDriverAdapterFactory} factory
 * @param {string} command
 */
function toError(error, factory, command) {
  if (error instanceof MigrationError) return error;
  if (panicMessage || error instanceof WebAssembly.RuntimeError) {
    poisoned = true; // a trapped wasm instance must not be used again
    const message = panicMessage ?? /** @type {Error} */ (error).message;
    panicMessage = null;
    return new MigrationError(`The schema engine panicked during ${command}: ${message}`, "PANIC");
  }
  // Errors thrown by JavaScript inside the adapter reach the engine as { kind: "GenericJs", id }.
  // The engine's errors are objects with a message and often a code (P3009…); anything may be thrown.
  const failure = /** @type {{ message?: string, code?: string } | null | undefined} */ (error);
  const id = /GenericJs.*?\bid:?\s*(\d+)/s.exec(String(failure?.message))?.[1];
  const original = /** @type {Error | undefined} */ (id === undefined ? undefined : factory.errorRegistry.consumeError(Number(id))?.error);
  if (original) return new MigrationError(`${command} failed: ${original.message}`);
  // Drop the engine's span trace ("   0: sql_schema_connector::... at file.rs:628").
  let message = String(failure?.message ?? error);
  if (!process.env.SCHEMA_ENGINE_DEBUG) message = message.replace(/\n\s*0: [\s\S]*$/, "");
  message = message.trim();
  return new MigrationError(failure?.code ? `${failure.code}: ${message}` : message, failure?.code);
}

/**
 * What a command's function gets: `run` calls one engine method with its input.
 * @typedef {{
 *   run: <C extends EngineCommand>(command: C, input: EngineInput<C>) => Promise<EngineOutput<C>>,
 *   base: MigrationAdapterFactory,
 *   schema: { files: { path: string, content: string }[] },
 * }} EngineContext
 */

/**
 * @template T
 * @param {Connection} conn
 * @param {string} schemaPath
 * @param {(context: EngineContext) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withEngine(conn, schemaPath, fn) {
  if (poisoned) throw new MigrationError("The schema engine panicked earlier in this process; restart it.", "PANIC");
  const runtime = await loadRuntime();
  const base = new MigrationAdapterFactory(conn);
  // Fix 2 (continued): the engine needs the migration-aware binding (connectToShadowDb plus
  // the error registry), not the query-only one the client uses.
  const factory = bindMigrationAwareSqlAdapterFactory(base);
  const schema = await readFile(schemaPath, "utf8");
  const debug = process.env.SCHEMA_ENGINE_DEBUG ? (/** @type {string} */ line) => console.error(`[schema-engine] ${line}`) : () => {};
  /** @type {SchemaEngine | undefined} */
  let engine;
  /** @type {EngineContext["run"]} */
  const run = async (command, input) => {
    try {
      if (!engine) engine = await runtime.SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, debug, factory);
      // As in the Prisma CLI: FORCE_PANIC_SCHEMA_ENGINE=1 checks that panics read as panics.
      if (process.env.FORCE_PANIC_SCHEMA_ENGINE) engine.debugPanic();
      // Call as a method: the wasm glue reads `this.__wbg_ptr`.
      const method = /** @type {(this: SchemaEngine, input: EngineInput<typeof command>) => Promise<EngineOutput<typeof command>>} */ (engine[command]);
      return await method.call(engine, input);
    } catch (error) {
      throw toError(error, factory, command);
    }
  };
  try {
    return await fn({ run, base, schema: { files: [{ path: schemaPath, content: schema }] } });
  } finally {
    if (engine && !poisoned) engine.free();
    await base.closeAll();
  }
}

// Our advisory lock (see LOCK_KEY) around anything that changes the database.
/**
 * @template T
 * @param {Connection} conn
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withLock(conn, fn) {
  return withClient(conn, async (client) => {
    try {
      await client.query("SET lock_timeout = '120s'");
      await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    } catch (error) {
      throw new MigrationError(`Could not take the migration lock on ${describe(conn)} (another process is migrating?): ${/** @type {Error} */ (error).message}`);
    }
    try {
      return await fn();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    }
  });
}

// ---------------------------------------------------------------------------------------
// The migrations folder, read exactly as the Prisma CLI reads it (listMigrations).
/**
 * @param {string} dir
 * @returns {Promise<MigrationList>}
 */
async function readMigrations(dir) {
  const lockContent = await readFile(path.join(dir, LOCKFILE), "utf8").catch(() => null);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  /** @type {MigrationList["migrationDirectories"]} */
  const migrationDirectories = [];
  for (const entry of entries.filter((e) => e.isDirectory())) {
    /** @type {MigrationList["migrationDirectories"][number]["migrationFile"]["content"]} */
    const content = await readFile(path.join(dir, entry.name, "migration.sql"), "utf8")
      .then((value) => ({ tag: "ok", value }), (error) => ({ tag: "error", value: error.message }));
    migrationDirectories.push({ path: entry.name, migrationFile: { path: "migration.sql", content } });
  }
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path));
  return { baseDir: dir, lockfile: { path: LOCKFILE, content: lockContent }, migrationDirectories, shadowDbInitScript: "" };
}

/** @typedef {{ migration_name: string, finished_at: Date | null, rolled_back_at: Date | null }} HistoryRow */

// Rows of _prisma_migrations, read directly (fast: no engine), or null when there is no table.
/**
 * @param {Connection} conn
 * @returns {Promise<HistoryRow[] | null>}
 */
async function readHistory(conn) {
  return withClient(conn, async (client) => {
    try {
      const { rows } = await client.query(
        "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at",
      );
      return rows;
    } catch (error) {
      const failure = /** @type {import("pg").DatabaseError} */ (error);
      if (failure.code === "42P01") return null; // undefined_table
      throw new MigrationError(`Cannot read _prisma_migrations on ${describe(conn)}: ${failure.message}`);
    }
  });
}

/** @param {HistoryRow} row */
const isApplied = (row) => row.finished_at !== null && row.rolled_back_at === null;
/** @param {HistoryRow} row */
const isFailed = (row) => row.finished_at === null && row.rolled_back_at === null;

// Prisma CLI's name handling (@sindresorhus/slugify with "_", cut at 200 characters).
/** @param {string} name */
function slugify(name) {
  return name
    .replaceAll("&", " and ")
    .normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z\d]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

// Runs the engine's applyMigrations. The engine records a failed migration in
// _prisma_migrations as Prisma does, but its error names neither the migration nor the
// PostgreSQL error, so report both.
/**
 * @param {EngineContext} context
 * @param {Connection} conn
 * @param {string} migrationsDir
 * @returns {Promise<string[]>}
 */
async function applyAll({ run, base }, conn, migrationsDir) {
  try {
    const migrationsList = await readMigrations(migrationsDir);
    return (await run("applyMigrations", { migrationsList, filters: NO_FILTER })).appliedMigrationNames;
  } catch (error) {
    const failure = /** @type {MigrationError} */ (error); // run() throws toError's
    if (failure.code === "P3009") throw error; // "found failed migrations": already names them
    const failed = (await readHistory(conn).catch(() => null))?.filter(isFailed).at(-1);
    if (!failed) throw error;
    const db = /** @type {import("pg").DatabaseError | undefined} */ (base.lastScriptError);
    const detail = db?.code ? `ERROR ${db.code}: ${db.message}` : failure.message.replace(/^external connector error\s*/, "");
    throw new MigrationError(`Migration ${failed.migration_name} failed to apply: ${detail}\n` +
      "PostgreSQL rolled the migration back. Fix its migration.sql, then reset the database (development), " +
      `or elsewhere run \`prisma migrate resolve --rolled-back ${failed.migration_name}\` and deploy again.`, "P3018");
  }
}

// ---------------------------------------------------------------------------------------
// Public API. Every function takes { url } (a postgres:// URL) and optional paths.

/**
 * @typedef {{ url: string, migrationsDir?: string, schemaPath?: string }} MigrationOptions
 *   url: a postgres:// URL; the paths default to prisma/migrations and prisma/schema.prisma
 */

/**
 * Applies pending migrations; returns the names applied (empty when nothing was pending).
 * @param {MigrationOptions} options
 * @returns {Promise<string[]>}
 */
export async function applyMigrations({ url, migrationsDir = DEFAULT_MIGRATIONS, schemaPath = DEFAULT_SCHEMA }) {
  const conn = parseDatabaseUrl(url);
  const migrations = await readMigrations(migrationsDir);
  // Fast path (runs on every start): when every local migration is recorded as applied and
  // none failed, there is nothing to do, and the engine is not even loaded.
  const history = await readHistory(conn);
  if (history && !history.some(isFailed)) {
    const applied = new Set(history.filter(isApplied).map((r) => r.migration_name));
    if (migrations.migrationDirectories.every((m) => applied.has(m.path))) return [];
  }
  return withLock(conn, () => withEngine(conn, schemaPath, (ctx) => applyAll(ctx, conn, migrationsDir)));
}

/**
 * Pending/applied lists plus the engine's diagnostics, for a `status` command.
 * @param {MigrationOptions} options
 */
export async function migrationStatus({ url, migrationsDir = DEFAULT_MIGRATIONS, schemaPath = DEFAULT_SCHEMA }) {
  const conn = parseDatabaseUrl(url);
  const migrations = await readMigrations(migrationsDir);
  const local = migrations.migrationDirectories.map((m) => m.path);
  const history = (await readHistory(conn)) ?? [];
  const applied = [...new Set(history.filter(isApplied).map((r) => r.migration_name))];
  const diagnosis = await withEngine(conn, schemaPath, ({ run }) =>
    run("diagnoseMigrationHistory", { migrationsList: migrations, optInToShadowDatabase: false, filters: NO_FILTER }));
  return {
    local,
    applied,
    pending: local.filter((name) => !applied.includes(name)),
    failed: diagnosis.failedMigrationNames,
    edited: diagnosis.editedMigrationNames,
    notInFolder: applied.filter((name) => !local.includes(name)),
    hasMigrationsTable: diagnosis.hasMigrationsTable,
    history: diagnosis.history, // null when the database and the folder agree
  };
}

/**
 * Drops everything in the database, then applies all migrations; returns the names applied.
 * @param {MigrationOptions} options
 * @returns {Promise<string[]>}
 */
export async function resetDatabase({ url, migrationsDir = DEFAULT_MIGRATIONS, schemaPath = DEFAULT_SCHEMA }) {
  const conn = parseDatabaseUrl(url);
  return withLock(conn, () => withEngine(conn, schemaPath, async (ctx) => {
    await ctx.run("reset", { filter: NO_FILTER });
    return applyAll(ctx, conn, migrationsDir);
  }));
}

/**
 * `prisma migrate dev --create-only --name <name>`: applies pending migrations to the
 * database, diffs the schema against the migrations folder (replayed on a shadow database)
 * and writes <migrationsDir>/<UTC yyyyMMddHHmmss>_<name>/migration.sql and
 * migration_lock.toml. Returns the new folder, or null when the schema has no change.
 * @param {MigrationOptions & { name?: string, onWarning?: (message: string) => void }} options
 * @returns {Promise<string | null>}
 */
export async function createMigration({
  url, name, migrationsDir = DEFAULT_MIGRATIONS, schemaPath = DEFAULT_SCHEMA, onWarning = console.warn,
}) {
  const migrationName = slugify(String(name ?? ""));
  if (!migrationName) throw new MigrationError("A migration name is required (letters or digits).");
  const conn = parseDatabaseUrl(url);
  return withLock(conn, () => withEngine(conn, schemaPath, async (ctx) => {
    const { run, schema } = ctx;
    const list = () => readMigrations(migrationsDir);
    // Fix 3 (continued): devDiagnostic first, as `migrate dev` does. Besides checking the
    // database for drift, it is the call that is given the adapter factory: it replays the
    // migrations on the shadow database and caches the result, and evaluateDataLoss and
    // createMigration (which get no factory in the wasm engine) read that cache; without it
    // they fail with "PostgreSQL shadow DB must be provided through an external factory".
    const diagnose = async () => {
      const { action } = await run("devDiagnostic", { migrationsList: await list(), filters: NO_FILTER });
      if (action.tag === "reset") {
        throw new MigrationError(`The database must be reset before a migration can be created:\n${action.reason}\n` +
          "Run `node scripts/db/cli.mjs reset --force` (all data will be lost).", "RESET_REQUIRED");
      }
    };
    await diagnose();
    // Like `migrate dev`, bring the database up to date first. When that applied something,
    // diagnose again: a database that was behind is diagnosed without filling the cache.
    if ((await applyAll(ctx, conn, migrationsDir)).length > 0) await diagnose();
    const loss = await run("evaluateDataLoss", { migrationsList: await list(), schema, filters: NO_FILTER });
    for (const w of [...loss.unexecutableSteps, ...loss.warnings]) onWarning(`Warning: ${w.message}`);

    const migrationsList = await list();
    const result = await run("createMigration", {
      migrationsList, schema, migrationName, draft: false, filters: NO_FILTER,
    });
    if (result.migrationScript === null) return null;
    // Written exactly as the Prisma CLI writes them (Migrate.createMigration).
    const folder = path.join(migrationsDir, result.generatedMigrationName);
    if (existsSync(folder)) throw new MigrationError(`The migration directory already exists at ${folder}`);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `migration.${result.extension}`), result.migrationScript, "utf8");
    await writeFile(path.join(migrationsDir, migrationsList.lockfile.path),
      "# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\n" +
      `provider = "${result.connectorType}"\n`, "utf8");
    return folder;
  }));
}
