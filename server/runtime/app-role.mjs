// The application's own database login (docs/operations.md, "Database"). Migrations run as the tables'
// owner (DATABASE_URL); the web server and the worker connect as a separate LOGIN role
// (APP_DATABASE_URL) that may read and write rows but owns nothing: it cannot ALTER, DROP or
// TRUNCATE a table, disable a trigger, set session_replication_role or create a table, and on
// audit_events it has INSERT and SELECT only. Run after every migration as the owner:
// `npm start`, `npm run cluster` (prepare-app.mjs) and `npm run db:migrate` (docker-compose's
// migrate service) call prepareAppLogin().
//
// Without APP_DATABASE_URL (local runs only) the role is <database>_app on the owner's server,
// with a password generated once and kept in .data/app-database.credentials.json.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../..");
const credentialsFile = path.join(root, ".data/app-database.credentials.json");
// Serialises two preparations of the same database (e.g. two `npm start`s): GRANT and CREATE
// ROLE can fail with "tuple concurrently updated" when they race.
const LOCK_KEY = 72707371;
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The app's URL for a local run: the owner's, with the local role and its generated password.
 * @param {string} ownerUrl
 * @returns {string}
 */
export function localAppDatabaseUrl(ownerUrl) {
  const url = new URL(ownerUrl);
  url.username = `${decodeURIComponent(url.pathname.slice(1))}_app`;
  url.password = localPassword();
  return url.toString();
}

/** @returns {string} */
function localPassword() {
  fs.mkdirSync(path.dirname(credentialsFile), { recursive: true });
  if (!fs.existsSync(credentialsFile)) {
    // Written whole to a file of this process's own, then linked into place, which fails if
    // another process (a second jest worker, the cluster's instances) got there first: every
    // process then reads the one password that won, never a half-written or overwritten file.
    const draft = `${credentialsFile}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(draft, JSON.stringify({ password: randomBytes(24).toString("base64url") }), { mode: 0o600 });
    try {
      fs.linkSync(draft, credentialsFile);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return JSON.parse(fs.readFileSync(credentialsFile, "utf8")).password;
}

/**
 * Installs pg-boss's schema and queues as the owner, then creates or checks the app's role and
 * grants it what it needs. Returns the URL the app connects with.
 * @param {string} ownerUrl
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<string>}
 */
export async function prepareAppLogin(ownerUrl, env = process.env) {
  let appUrl = env.APP_DATABASE_URL;
  if (!appUrl) {
    if (env.APP_ENV === "production") throw new Error("APP_DATABASE_URL is required in production: the app's own login (docs/operations.md, \"Database\")");
    appUrl = localAppDatabaseUrl(ownerUrl);
  }
  installJobQueues(ownerUrl, env);
  await ensureAppRole(ownerUrl, appUrl);
  return appUrl;
}

/**
 * @param {string} ownerUrl
 * @param {NodeJS.ProcessEnv} env
 */
function installJobQueues(ownerUrl, env) {
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "server/install-job-queues.ts"], {
    cwd: root,
    env: { ...env, DATABASE_URL: ownerUrl, APP_DATABASE_URL: "" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error((result.stderr || result.stdout || `exit ${result.status}`).trim().split("\n").at(-1));
}

/**
 * Creates the role named by appUrl (LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE, with appUrl's
 * password) when it is missing, keeps its password in step where the owner may, refuses a role
 * that could change the schema, and grants. Safe to run twice.
 * @public also run by tests/integration/retention/retention-schedule.test.ts's child script, which knip cannot see
 * @param {string} ownerUrl
 * @param {string} appUrl
 */
export async function ensureAppRole(ownerUrl, appUrl) {
  const app = new URL(appUrl);
  const role = decodeURIComponent(app.username);
  const password = app.password ? decodeURIComponent(app.password) : null;
  if (!ROLE_NAME.test(role)) throw new Error(`APP_DATABASE_URL's user "${role}" is not a plain role name (lowercase letters, digits and _)`);
  const client = new pg.Client({ connectionString: ownerUrl, application_name: "clinic-migrate" });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    const { rows: [{ owner, database }] } = await client.query("SELECT current_user AS owner, current_database() AS database");
    if (role === owner) throw new Error(`APP_DATABASE_URL logs in as ${owner}, the tables' owner (DATABASE_URL): give the app its own role (docs/operations.md, "Database")`);
    const id = client.escapeIdentifier(role);
    const ownerId = client.escapeIdentifier(owner);
    const existing = (await client.query("SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls FROM pg_roles WHERE rolname = $1", [role])).rows[0];
    if (!existing) {
      await client.query(`CREATE ROLE ${id} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS${password ? ` PASSWORD ${client.escapeLiteral(password)}` : ""}`).catch((error) => {
        if (error.code === "42710") return; // created meanwhile by another server's preparation
        if (error.code === "42501") throw new Error(`${owner} may not create roles: create the app's role first (docs/operations.md, "Database"), e.g. CREATE ROLE ${id} LOGIN PASSWORD '…'`);
        throw error;
      });
    } else {
      const powers = ["rolsuper", "rolcreaterole", "rolcreatedb", "rolreplication", "rolbypassrls"].filter((attribute) => existing[attribute]);
      if (powers.length) throw new Error(`the app's role ${role} has ${powers.map((attribute) => attribute.slice(3).toUpperCase()).join(", ")}: ALTER ROLE ${id} NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION NOBYPASSRLS`);
      if (password) {
        // Keeps the role's password in step with APP_DATABASE_URL where the owner may (compose,
        // the embedded database); on a managed server the operator sets it.
        await client.query(`ALTER ROLE ${id} PASSWORD ${client.escapeLiteral(password)}`).catch((error) => {
          if (error.code !== "42501") throw error;
        });
      }
    }
    const { rows: [membership] } = await client.query("SELECT pg_has_role($1, $2, 'MEMBER') AS member, (SELECT count(*)::int FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = $1)) AS owned", [role, owner]);
    if (membership.member) throw new Error(`the app's role ${role} is a member of ${owner}, the tables' owner, and so could alter them: REVOKE ${ownerId} FROM ${id}`);
    if (membership.owned) throw new Error(`the app's role ${role} owns ${membership.owned} table(s) or sequence(s) in ${database}: hand them to ${owner} (REASSIGN OWNED BY ${id} TO ${ownerId})`);
    await grant(client, { id, ownerId, database, role });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

/**
 * @param {import("pg").Client} client
 * @param {{ id: string, ownerId: string, database: string, role: string }} names the role and owner as quoted identifiers (id, ownerId) and as names
 */
async function grant(client, { id, ownerId, database, role }) {
  const schemas = (await client.query("SELECT nspname FROM pg_namespace WHERE nspname IN ('public', 'pgboss')")).rows.map((row) => client.escapeIdentifier(row.nspname));
  const statements = [
    `GRANT CONNECT ON DATABASE ${client.escapeIdentifier(database)} TO ${id}`,
    ...schemas.flatMap((schema) => [
      `GRANT USAGE ON SCHEMA ${schema} TO ${id}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${id}`,
      `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${id}`,
    ]),
    // Tables, sequences and schemas the owner creates later (the next migration, a pg-boss
    // queue) are granted the same way. A future append-only table needs its own REVOKE below.
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerId} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${id}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerId} GRANT USAGE, SELECT ON SEQUENCES TO ${id}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${ownerId} GRANT USAGE ON SCHEMAS TO ${id}`,
    // The audit log: append and read only. The migration history: read only (readiness).
    `DO $$ BEGIN
       IF to_regclass('public.audit_events') IS NOT NULL THEN REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON public.audit_events FROM ${id}; END IF;
       IF to_regclass('public._prisma_migrations') IS NOT NULL THEN REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON public._prisma_migrations FROM ${id}; END IF;
     END $$`,
  ];
  for (const statement of statements) {
    await client.query(statement).catch((error) => {
      // PUBLIC has CONNECT and USAGE on public by default: where the owner of the tables does not
      // own the database or schema (some managed servers), those two grants are not needed.
      if (error.code === "42501" && /^GRANT (CONNECT ON DATABASE|USAGE ON SCHEMA "public")/.test(statement)) return;
      throw error;
    });
  }
  // PostgreSQL before 15 lets everyone create tables in public; the owner of public may revoke it.
  const { rows: [{ canCreate }] } = await client.query("SELECT has_schema_privilege($1, 'public', 'CREATE') AS \"canCreate\"", [role]);
  if (canCreate) {
    await client.query("REVOKE CREATE ON SCHEMA public FROM PUBLIC").catch(() => {});
    const { rows: [after] } = await client.query("SELECT has_schema_privilege($1, 'public', 'CREATE') AS can", [role]);
    if (after.can) throw new Error(`the app's role ${role} may create tables in schema public: run REVOKE CREATE ON SCHEMA public FROM PUBLIC as its owner`);
  }
}
