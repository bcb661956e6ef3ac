// The integration tests' jest environment: node's, plus the API contract's response check
// (tests/support/api-contract-check.mjs) as the global __apiContract. The environment module is
// loaded once per jest worker, outside each test file's module registry, so the one checker it
// holds compiles the OpenAPI document once (tests/support/request.ts generates it in the first
// test file: it is TypeScript) and counts across all the worker's files. After each file the
// counts so far go to test-results/contract-<pid>.json, which scripts/test.mjs sums up after jest.
import fs from "node:fs";
import path from "node:path";
import { TestEnvironment } from "jest-environment-node";
import { createContractCheck } from "./api-contract-check.mjs";

/** @type {import("./api-contract-check.mjs").ContractCheck | null} */
let contract = null;

export default class ApiContractEnvironment extends TestEnvironment {
  /**
   * @param {ConstructorParameters<typeof TestEnvironment>[0]} config
   * @param {ConstructorParameters<typeof TestEnvironment>[1]} context
   */
  constructor(config, context) {
    super(config, context);
    this.rootDir = config.projectConfig.rootDir;
    contract ??= createContractCheck({ rootDir: this.rootDir });
    this.global.__apiContract = contract;
  }

  async teardown() {
    if (contract?.hasDocument()) {
      const file = path.join(this.rootDir, "test-results", `contract-${process.pid}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify({ run: process.env.API_CONTRACT_RUN ?? null, ...contract.report() }, null, 2)}\n`);
    }
    await super.teardown();
  }
}
