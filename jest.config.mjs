import nextJest from "next/jest.js";

// Two projects: `unit` (rules, schemas, components, and the pure helpers of the operator
// commands in scripts/lib; jsdom) and `integration` (route handlers and services against a
// real PostgreSQL, prepared by scripts/test.mjs).
const createJestConfig = nextJest({ dir: "./" });

const shared = {
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    // The marker that keeps server code out of client bundles; a no-op under test.
    "^server-only$": "<rootDir>/tests/support/empty-module.js",
  },
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/e2e/", "/.data/"],
  // The builds (.next, the tests' .next-test, the bench's .next-bench) hold a copy of
  // package.json in standalone/: not modules of ours (jest would warn of a name collision).
  modulePathIgnorePatterns: ["<rootDir>/\\.next"],
};

const unit = await createJestConfig({
  ...shared,
  displayName: "unit",
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/{app,components,lib,scripts}/**/*.test.{ts,tsx}"],
  setupFilesAfterEnv: ["<rootDir>/tests/support/setup-dom.ts"],
})();

const integration = await createJestConfig({
  ...shared,
  displayName: "integration",
  // Node's, plus the API contract's check of every response tests/support/request.ts sees.
  testEnvironment: "<rootDir>/tests/support/api-contract-environment.mjs",
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  setupFiles: ["<rootDir>/tests/support/setup-integration.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/support/integration-timeout.ts"],
})();

// Prisma 7's generated client import()s its query compiler as .mjs, which jest (CommonJS)
// cannot load; @prisma/client ships the same files as CommonJS beside them.
integration.moduleNameMapper = {
  "^@prisma/client/runtime/(query_compiler_.*)\\.mjs$": "<rootDir>/node_modules/@prisma/client/runtime/$1.js",
  ...integration.moduleNameMapper,
};

// otplib 13 and its default plugins (@otplib/*, @scure/base, @noble/hashes) are published as ES modules only:
// let next/jest's SWC transform compile them, as it already does for next's own client code.
// (next/jest always sets transformIgnorePatterns; jest's type has it optional.)
for (const project of [unit, integration]) {
  project.transformIgnorePatterns = /** @type {string[]} */ (project.transformIgnorePatterns).map((pattern) =>
    pattern.startsWith("/node_modules/(?!.pnpm)(?!(") ? pattern.replace("(?!(", "(?!(@otplib|@scure|@noble|") : pattern,
  );
}

// The OTLP exporter's transport import()s node:http when it first sends, which jest's module
// sandbox refuses without --experimental-vm-modules; compiled by SWC, the import is a require.
integration.transformIgnorePatterns = /** @type {string[]} */ (integration.transformIgnorePatterns).map((pattern) =>
  pattern.startsWith("/node_modules/(?!.pnpm)(?!(") ? pattern.replace("(?!(", "(?!(@opentelemetry/otlp-exporter-base|") : pattern,
);

const config = { projects: [unit, integration] };
export default config;
