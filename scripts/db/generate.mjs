// Generates the Prisma client. `prisma generate` needs no schema engine, but the CLI
// tries to download one unless told where an executable is; any executable will do.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && existsSync("/bin/false")) env.PRISMA_SCHEMA_ENGINE_BINARY = "/bin/false";
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
