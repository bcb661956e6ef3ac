// Security headers for every response. The Content-Security-Policy is not among them:
// server/serve.mjs sets the static one (lib/security/static-content-security-policy.mjs, for
// prerendered pages, API answers and files; Next.js would recompile a header value containing
// ":" on every request to a path with parameters), and proxy.ts replaces it with a
// nonce-based one on dynamically rendered pages.
const isProductionDeployment = process.env.APP_ENV === "production";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(self)" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ...(isProductionDeployment
    ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" }]
    : []),
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The production image (Dockerfile) runs the self-contained server Next.js traces into
  // `<distDir>/standalone`: no node_modules install or build in the final stage.
  output: "standalone",
  // The API reference's routes read Swagger UI's files from node_modules at run time (a path
  // the tracer cannot follow): carried into the standalone output, so the image serves them.
  outputFileTracingIncludes: {
    "/api/docs/*": ["./node_modules/swagger-ui-dist/swagger-ui.css", "./node_modules/swagger-ui-dist/swagger-ui-bundle.js"],
  },
  // Next.js hashes the whole HTML in JavaScript on every request to make an ETag (23% of the
  // server's CPU on the home page, measured by `npm run bench` with a CPU profile). Our pages
  // are prerendered and cached by shared caches (s-maxage), which validate on their own, so
  // the per-request hash is not worth its cost.
  generateEtags: false,
  // The test suite builds into its own folder so it never replaces the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  // Loaded from node_modules, not bundled: server/serve.mjs and the bundled server code then
  // share one prom-client and one metrics registry (lib/metrics/registry.mjs).
  serverExternalPackages: ["prom-client"],
  // Stylesheets as files, not inlined (experimental.inlineCss). Inlined, each page's HTML
  // carried the site's CSS three times: the <style> tag, its copy in the RSC payload, and
  // again in the payload for the global-error boundary (Next.js attaches the root layout's
  // CSS to it) — 57 of the home page's 122 KB. As files the CSS is sent once and cached:
  // the home HTML is 61 KB (12 KB gzipped, from 24), the origin serves it about twice as fast,
  // and Lighthouse mobile still scores 98–100 with CLS 0 on every public page (npm run bench,
  // issue 13).
  experimental: { inlineCss: false },
  // `npm test` type-checks these sources in its static checks (tsc --noEmit) and says so to
  // the build its browser tests' `npm start` makes (scripts/test.mjs), which then skips
  // repeating it (20 s of CI). Every other build, `npm start`'s and the image's included, type-checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
