import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The unused-code step of `npm run lint` (knip, scripts/lint.mjs): a tree with an export no one
// imports fails it, and the same tree with the export used passes.
const KNIP = path.join(process.cwd(), "node_modules/knip/bin/knip.js");

function knip(helper: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unused-code-"));
  try {
    fs.mkdirSync(path.join(dir, "lib"));
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module", main: "lib/main.ts" }));
    fs.writeFileSync(path.join(dir, "lib/main.ts"), 'import { used } from "./helper.ts";\nconsole.log(used);\n');
    fs.writeFileSync(path.join(dir, "lib/helper.ts"), helper);
    const run = spawnSync(process.execPath, [KNIP, "--no-progress"], { cwd: dir, encoding: "utf8" });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the unused-code check (npm run lint)", () => {
  it("fails on an export nothing imports, naming it", () => {
    const result = knip("export const used = 1;\nexport const unused = 2;\n");
    expect(result.status).toBe(1);
    expect(result.output).toContain("unused  lib/helper.ts");
  });

  it("passes when every export is used", () => {
    const result = knip("export const used = 1;\n");
    expect(result.output).not.toContain("Unused");
    expect(result.status).toBe(0);
  });
});
