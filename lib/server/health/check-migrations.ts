import "server-only";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/server/core/db/client";

/** The migrations this build carries (prisma/migrations/<name>/migration.sql), oldest first. */
export function expectedMigrations(root = process.cwd()): string[] {
  const folder = path.join(root, "prisma", "migrations");
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(folder, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}

// Once every migration was seen applied, this process need not look again (they are not undone).
let confirmed = false;

/**
 * Whether the database has every migration this build carries, finished and not rolled back:
 * an instance whose code is ahead of its database must not take traffic. Names what is missing.
 */
export async function pendingMigrations(): Promise<string[]> {
  if (confirmed) return [];
  const expected = expectedMigrations();
  const rows = await db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  const pending = expected.filter((name) => !applied.has(name));
  confirmed = pending.length === 0;
  return pending;
}
