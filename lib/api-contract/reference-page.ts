// GET /api/docs: the API reference, Swagger UI reading /api/openapi.json. Everything it loads
// comes from our own origin (swagger-ui-dist's bundle and stylesheet, served by the routes
// beside it from node_modules; next.config.mjs traces them into the standalone build), and the
// page runs no inline script, so its own Content-Security-Policy allows script from 'self' only.
import fs from "node:fs";
import path from "node:path";

const REFERENCE_ASSETS = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

export type ReferenceAsset = keyof typeof REFERENCE_ASSETS;

/** Stricter than the site's policy: no inline or foreign script, no frames, no plugins. */
export const REFERENCE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI's React components set style attributes.
  "style-src 'self' 'unsafe-inline'",
  // Its icons are data: SVGs.
  "img-src 'self' data:",
  "font-src 'self'",
  // "Try it out" calls the API on this origin.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The assets change only when swagger-ui-dist does (a deploy): browsers may keep them a day. */
export const REFERENCE_ASSET_CACHE = "public, max-age=86400";

export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Hairline Clinic API reference</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** What would otherwise be the inline script: start Swagger UI on the generated document. */
export const REFERENCE_INIT_SCRIPT = `"use strict";
window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  validatorUrl: "none",
  tryItOutEnabled: false,
  withCredentials: true,
});
`;

/** One of swagger-ui-dist's files, read once per process. */
const cache = new Map<ReferenceAsset, Buffer>();
function readReferenceAsset(name: ReferenceAsset): Buffer {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = fs.readFileSync(path.join(process.cwd(), "node_modules", "swagger-ui-dist", name));
    cache.set(name, bytes);
  }
  return bytes;
}

/** A route's answer for one asset. */
export function referenceAssetResponse(name: ReferenceAsset): Response {
  return new Response(new Uint8Array(readReferenceAsset(name)), {
    headers: { "Content-Type": REFERENCE_ASSETS[name], "Cache-Control": REFERENCE_ASSET_CACHE, "X-Content-Type-Options": "nosniff" },
  });
}
