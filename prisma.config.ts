import { defineConfig } from "prisma/config";

// The datasource URL is resolved by scripts/db (embedded database or DATABASE_URL);
// Prisma's own CLI (e.g. `prisma migrate deploy` where its native engine is available)
// reads DATABASE_URL from the environment.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unset" },
});
