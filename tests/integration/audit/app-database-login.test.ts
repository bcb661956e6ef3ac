// The app's own database login (issue 22, finding 3), as `npm run db:migrate` sets it up:
// it reads and writes rows, appends to the audit log, and cannot rewrite history by any of the
// ways the owner's login could (UPDATE/DELETE/TRUNCATE, disabling or dropping the trigger,
// replica mode) or change the schema.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";

const ownerUrl = process.env.DATABASE_URL!;
const database = new URL(ownerUrl).pathname.slice(1);
const role = `${database}_app`;
let app: pg.Client;
let owner: pg.Client;

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: ownerUrl };
  delete env.APP_DATABASE_URL;
  const deploy = spawnSync(process.execPath, ["scripts/db/cli.mjs", "deploy"], { env, encoding: "utf8", timeout: 120_000 });
  expect(`${deploy.stdout}${deploy.stderr}`).toContain(`The app's login ${role} is granted what it needs`);
  // The password `npm start` and `npm run db:migrate` generate for local runs.
  const { password } = JSON.parse(fs.readFileSync(".data/app-database.credentials.json", "utf8")) as { password: string };
  const appUrl = new URL(ownerUrl);
  appUrl.username = role;
  appUrl.password = password;
  app = new pg.Client({ connectionString: appUrl.toString() });
  owner = new pg.Client({ connectionString: ownerUrl });
  await Promise.all([app.connect(), owner.connect()]);
}, 150_000);

afterAll(async () => {
  await Promise.all([app?.end(), owner?.end()]);
});

async function refusal(sql: string) {
  const error = await app.query(sql).then(
    () => null,
    (thrown: { code?: string; message: string }) => thrown,
  );
  return error && { code: error.code, message: error.message };
}

describe("the app's database login", () => {
  it("is its own role, not a superuser, not the owner, and not able to create roles or databases", async () => {
    const { rows } = await app.query("SELECT current_user AS name, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls FROM pg_roles WHERE rolname = current_user");
    expect(rows[0]).toEqual({ name: role, rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false });
    const { rows: owners } = await owner.query("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname IN ('public', 'pgboss')");
    expect(owners.map((row: { tableowner: string }) => row.tableowner)).not.toContain(role);
  });

  it("appends to the audit log and reads it, and the database links the new event to the one before", async () => {
    const { rows: [newest] } = await app.query("SELECT id, hash FROM audit_events ORDER BY id DESC LIMIT 1");
    const { rows: [inserted] } = await app.query(
      `INSERT INTO audit_events (actor_role, action, subject_type, subject_id, prev_hash, hash) VALUES ('ADMIN', 'audit.viewed', 'audit_log', 'role-test', 'forged', 'forged') RETURNING id, prev_hash, hash`,
    );
    expect(inserted.prev_hash).toBe(newest?.hash ?? "0".repeat(64));
    expect(inserted.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(BigInt(inserted.id)).toBeGreaterThan(BigInt(newest?.id ?? 0));
    const { rows } = await app.query("SELECT action FROM audit_events WHERE id = $1", [inserted.id]);
    expect(rows).toEqual([{ action: "audit.viewed" }]);
  });

  it("cannot change, delete or truncate audit events", async () => {
    for (const sql of ["UPDATE audit_events SET action = 'nothing'", "DELETE FROM audit_events", "TRUNCATE audit_events"]) {
      expect(await refusal(sql)).toEqual({ code: "42501", message: "permission denied for table audit_events" });
    }
  });

  it("cannot disable or drop a trigger, or alter any table", async () => {
    const { rows: tables } = await owner.query("SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'pgboss') ORDER BY 1, 2");
    expect(tables.length).toBeGreaterThan(20);
    for (const { schemaname, tablename } of tables as { schemaname: string; tablename: string }[]) {
      const refused = await refusal(`ALTER TABLE "${schemaname}"."${tablename}" DISABLE TRIGGER ALL`);
      expect(refused).toEqual({ code: "42501", message: expect.stringMatching(new RegExp(`^must be owner of (table|relation) ${tablename}$`)) });
    }
    expect(await refusal("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete")).toMatchObject({ code: "42501" });
    expect(await refusal("ALTER TABLE audit_events ADD COLUMN note TEXT")).toMatchObject({ code: "42501" });
    expect(await refusal("DROP TRIGGER audit_events_no_update_delete ON audit_events")).toEqual({ code: "42501", message: expect.stringMatching(/^must be owner of (table|relation) audit_events$/) });
    expect(await refusal("DROP TRIGGER audit_events_chain ON audit_events")).toMatchObject({ code: "42501" });
    expect(await refusal("CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$")).toMatchObject({ code: "42501" });
  });

  it("cannot switch triggers off with replica mode, or create a table", async () => {
    expect(await refusal("SET session_replication_role = replica")).toEqual({ code: "42501", message: 'permission denied to set parameter "session_replication_role"' });
    expect(await refusal("CREATE TABLE audit_copy (id int)")).toEqual({ code: "42501", message: "permission denied for schema public" });
    expect(await refusal("CREATE SCHEMA elsewhere")).toMatchObject({ code: "42501" });
  });

  it("may read and write the rows of every other table, and use the job queue", async () => {
    const { rows } = await app.query(
      `SELECT schemaname || '.' || tablename AS name FROM pg_tables
        WHERE schemaname IN ('public', 'pgboss') AND tablename NOT IN ('audit_events', '_prisma_migrations')
          AND NOT (has_table_privilege(quote_ident(schemaname) || '.' || quote_ident(tablename), 'SELECT, INSERT, UPDATE, DELETE')
               AND has_table_privilege(quote_ident(schemaname) || '.' || quote_ident(tablename), 'SELECT')
               AND has_table_privilege(quote_ident(schemaname) || '.' || quote_ident(tablename), 'INSERT')
               AND has_table_privilege(quote_ident(schemaname) || '.' || quote_ident(tablename), 'UPDATE')
               AND has_table_privilege(quote_ident(schemaname) || '.' || quote_ident(tablename), 'DELETE'))`,
    );
    expect(rows).toEqual([]);
    const { rows: queues } = await app.query("SELECT name FROM pgboss.queue ORDER BY name");
    expect(queues.map((queue: { name: string }) => queue.name)).toEqual(expect.arrayContaining(["mail.deliver", "prescription.overdue-alert", "subscription.renewal-reminder"]));
    expect(await refusal("INSERT INTO _prisma_migrations (id, checksum, migration_name) VALUES ('x', 'x', 'x')")).toMatchObject({ code: "42501" });
  });
});
