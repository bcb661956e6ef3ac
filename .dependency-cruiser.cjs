// The import graph's rules (`npm run lint`; docs/architecture.md, "The import rules"). Folders depend one way:
//   app → components → lib;  lib/server: http (the boundary) → domains → services → kernel.
// Production code never imports the tooling that tests, measures or emulates it.

// A folder's layer is where it is made: lib/server/core/<x>/ is the kernel, lib/server/services/<x>/
// a service, lib/server/http/ the request boundary, and every other folder of lib/server a domain.
/** Depends on nothing in lib/server but itself: who is acting, the database, logging, request facts, errors, paging. */
const KERNEL = "^lib/server/core/";
/** Serve every domain; a domain registers with them (lib/server/plugins), they never import it. */
const SERVICES = "^lib/server/services/";
const TOOLING = "^(scripts|tests|e2e|bench|stripe-sandbox)/";
const PRODUCT = "^(app|components|lib|server)/|^(proxy|instrumentation|instrumentation-node)\\.ts$";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module that reaches itself through its imports: split out what both need.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      severity: "error",
      comment: "Two folders that need each other (directly or round a loop) are one concept or need a lower folder that both use.",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "components-not-app",
      severity: "error",
      comment: "app composes components; a component used by a route moves to components/ before a second place imports it.",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "lib-not-ui",
      severity: "error",
      comment: "lib serves the UI, never the reverse.",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "kernel-imports-no-domain",
      severity: "error",
      comment: "The kernel is what every domain needs; it cannot need a domain.",
      from: { path: KERNEL },
      to: { path: "^lib/server/", pathNot: KERNEL },
    },
    {
      name: "services-import-no-domain",
      severity: "error",
      comment: "The services (payments, jobs, mail, audit, rate limits, uploads, metrics) serve the domains, which register with them (lib/server/plugins.ts).",
      from: { path: SERVICES },
      to: { path: "^lib/server/", pathNot: `${KERNEL}|${SERVICES}` },
    },
    {
      name: "only-the-boundary-imports-http",
      severity: "error",
      comment: "lib/server/http is the request boundary (apiRoute): routes use it, the domains never do.",
      from: { path: "^lib/server/", pathNot: "^lib/server/http/" },
      to: { path: "^lib/server/http/" },
    },
    {
      name: "product-not-tooling",
      severity: "error",
      comment: "What ships never imports tests, the bench, the payment sandbox or operator scripts.",
      from: { path: PRODUCT, pathNot: "^server/runtime/prepare-app\\.mjs$" },
      to: { path: TOOLING },
    },
    {
      name: "only-prepare-app-starts-the-sandbox",
      severity: "error",
      comment: "npm start and npm run cluster (server/runtime/prepare-app.mjs) start the local payment sandbox when no Stripe key is set; nothing else in the product may.",
      from: { path: "^server/runtime/prepare-app\\.mjs$" },
      to: { path: TOOLING, pathNot: "^stripe-sandbox/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/|^lib/server/core/db/generated/|^\\.next|\\.test\\.tsx?$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".mjs", ".js", ".d.mts", ".d.ts"] },
  },
};
