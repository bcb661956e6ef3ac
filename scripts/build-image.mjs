// The Dockerfile's build step: the Next.js production build, made once at image build time.
// Public pages are prerendered from the catalogue (revalidated at run time from the real
// database: `revalidate` on each page), so the build reads a throw-away embedded PostgreSQL,
// migrated and seeded exactly as a deployment's migrate service does, then removes it and
// the local secrets it generated: nothing of it reaches the image.
import fs from "node:fs";
import path from "node:path";
import { loadLocalEnvironment, prepareApp } from "../server/runtime/prepare-app.mjs";

if (process.env.DATABASE_URL) {
  console.error("scripts/build-image.mjs builds against its own throw-away database: unset DATABASE_URL.");
  process.exit(1);
}
loadLocalEnvironment();
const prepared = await prepareApp({ dev: false, distDir: ".next", webhookUrl: "http://127.0.0.1:3000/api/webhooks/stripe" });
await prepared.close();
fs.rmSync(path.resolve(import.meta.dirname, "../.data"), { recursive: true, force: true });
console.log("Image build made; its throw-away database and local secrets removed.");
