// `npm start`: the whole shop on one command. Finds or starts the database, applies
// migrations, seeds the catalogue, starts the payment sandbox (without a Stripe key), builds
// when the build is missing or stale, and serves. `npm run dev` does the same with
// `next dev` and no build. `npm test` runs its browser journeys against this very script.
//
//   node server/start.mjs [--dev] [--hostname 0.0.0.0]
//   PORT (3000), NEXT_DIST_DIR (.next), DATABASE_URL (the owner's login, else the embedded
//   database), APP_DATABASE_URL (the app's login, else <database>_app, made here),
//   STRIPE_SANDBOX_PORT (12111; 0 = any free port)
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { appProcessEnv, loadLocalEnvironment, prepareApp } from "./runtime/prepare-app.mjs";

const { values: options } = parseArgs({ options: { dev: { type: "boolean", default: false }, hostname: { type: "string" } } });
const dev = options.dev;
const distDir = process.env.NEXT_DIST_DIR || ".next";
loadLocalEnvironment();
const port = process.env.PORT || "3000";
process.env.SITE_URL ??= `http://localhost:${port}`;

const prepared = await prepareApp({ dev, distDir, webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe` });

// server/serve.mjs: Next.js behind node:http, so client addresses cannot be spoofed.
const serveArgs = ["server/serve.mjs", ...(dev ? ["--dev"] : []), "--port", String(port), ...(options.hostname ? ["--hostname", options.hostname] : [])];
// It connects as the app's own login (APP_DATABASE_URL), which cannot alter a table.
const server = spawn(process.execPath, serveArgs, { stdio: "inherit", env: appProcessEnv() });

/** @param {NodeJS.Signals} signal */
const shutdown = (signal) => server.kill(signal);
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.on("exit", async (code) => {
  await prepared.close();
  process.exit(code ?? 0);
});
