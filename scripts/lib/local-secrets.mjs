// Secrets for local runs only. A real deployment (APP_ENV=production) must provide its
// own; lib/env.ts then refuses to start without them.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "../../.data/local-secrets.json");

export function applyLocalSecrets(env = process.env) {
  if (env.APP_ENV === "production") return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let secrets = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
  if (!secrets) {
    secrets = { AUTH_SECRET: randomBytes(32).toString("base64url") };
    fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  for (const [key, value] of Object.entries(secrets)) env[key] ??= value;
}
