import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GET as live } from "@/app/api/health/live/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as securityTxt } from "@/app/.well-known/security.txt/route";
import { expectedMigrations } from "@/lib/server/health/check-migrations";
import { db } from "@/tests/support/db";
import { call } from "@/tests/support/request";

afterAll(async () => {
  await db.$disconnect();
});

describe("liveness and readiness", () => {
  it("is live without touching anything", async () => {
    const res = await call(live, "/api/health/live", { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("is not ready while a migration this build carries is missing from the database, and ready once all are applied", async () => {
    // A checkout one migration ahead of the database: the real migrations plus a future one.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "ready-"));
    const migrations = path.join(root, "prisma", "migrations");
    fs.cpSync(path.join(process.cwd(), "prisma", "migrations"), migrations, { recursive: true });
    fs.mkdirSync(path.join(migrations, "99991231000000_from_the_future"));
    fs.writeFileSync(path.join(migrations, "99991231000000_from_the_future", "migration.sql"), "SELECT 1;");
    const cwd = process.cwd();
    process.chdir(root);
    try {
      expect(expectedMigrations().at(-1)).toBe("99991231000000_from_the_future");
      const res = await call(ready, "/api/health/ready", { method: "GET" });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: "unavailable", database: "reachable", migrations: "pending", pending: ["99991231000000_from_the_future"] });
    } finally {
      process.chdir(cwd);
      fs.rmSync(root, { recursive: true, force: true });
    }
    const res = await call(ready, "/api/health/ready", { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "reachable", migrations: "applied" });
  });
});

describe("/.well-known/security.txt", () => {
  it("names a contact and an expiry within a year (RFC 9116)", async () => {
    const res = await securityTxt();
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(/^Contact: mailto:\S+@\S+$/m);
    const expires = Date.parse(/^Expires: (\S+)$/m.exec(text)![1]!);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 366 * 24 * 60 * 60 * 1000);
    expect(text).toMatch(/^Canonical: https?:\/\/\S+\/\.well-known\/security\.txt$/m);
  });
});
