// Decides whether the production build in .next is stale: a hash over the sources and
// the configuration that static pages bake in. Content hashing (not mtimes), so a fresh
// clone with an unchanged tree reuses a build, and any edit triggers a rebuild.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const SOURCES = ["app", "components", "lib", "public", "prisma", "next.config.mjs", "package-lock.json", "tsconfig.json", "instrumentation.ts", "instrumentation-node.ts", "proxy.ts"];
const BAKED_ENV = /^(NEXT_PUBLIC_|SITE_|CONTACT_|SOCIAL_|GPHC_|SUPERINTENDENT_|CQC_|NEWSLETTER_|APP_ENV$)/;

/** @returns {string} */
export function sourceHash() {
  const hash = createHash("sha256");
  /** @param {string} relative */
  const visit = (relative) => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) visit(path.join(relative, entry));
    } else {
      hash.update(relative).update("\0").update(fs.readFileSync(full)).update("\0");
    }
  };
  SOURCES.forEach(visit);
  for (const key of Object.keys(process.env).filter((k) => BAKED_ENV.test(k)).sort()) hash.update(`${key}=${process.env[key]}\n`);
  return hash.digest("hex");
}

/** @param {string} distDir */
const stampFile = (distDir) => path.join(root, distDir, "source-stamp");

/**
 * @param {string} hash sourceHash()
 * @param {string} [distDir]
 */
export function isBuildCurrent(hash, distDir = ".next") {
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) return false;
  return fs.existsSync(stampFile(distDir)) && fs.readFileSync(stampFile(distDir), "utf8") === hash;
}

/**
 * @param {string} hash sourceHash()
 * @param {string} [distDir]
 */
export function writeBuildStamp(hash, distDir = ".next") {
  fs.writeFileSync(stampFile(distDir), hash);
}
