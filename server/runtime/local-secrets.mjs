// Secrets for local runs only. A real deployment (APP_ENV=production) must provide its
// own; lib/env.ts then refuses to start without them.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "../../.data/local-secrets.json");

/** @param {NodeJS.ProcessEnv} [env] */
export function applyLocalSecrets(env = process.env) {
  if (env.APP_ENV === "production") return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const saved = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  // Secrets added by later versions are generated on first use and kept beside the old ones.
  const secrets = {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64url")}`,
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64url"),
    ...saved,
  };
  if (Object.keys(secrets).length !== Object.keys(saved).length) fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  for (const [key, value] of Object.entries(secrets)) env[key] ??= value;
}
