import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

// TypeScript checks our plain-JavaScript modules too (issue 36): tsconfig.json turns checkJs on
// and its include reaches every tracked .mjs file, none of them opts out with @ts-nocheck, and
// no hand-kept .d.mts sits beside one (a module's JSDoc is what TypeScript files import).
const ROOT = process.cwd();

/** The tracked files matching a git pathspec ("*.mjs" matches in every folder). */
function tracked(pathspec: string): string[] {
  const run = spawnSync("git", ["ls-files", "-z", "--", pathspec], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ls-files failed: ${run.stderr || run.error?.message}`);
  return run.stdout.split("\0").filter(Boolean);
}

/** tsconfig.json as tsc reads it: its compiler options and the files its include selects. */
function typeScriptProject() {
  const file = path.join(ROOT, "tsconfig.json");
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, file);
  return { options: parsed.options, files: new Set(parsed.fileNames.map((name) => path.relative(ROOT, name))) };
}

describe("TypeScript checks the .mjs files (tsconfig.json)", () => {
  const project = typeScriptProject();
  const modules = tracked("*.mjs");

  it("has checkJs on, with allowJs and strict", () => {
    expect(project.options).toMatchObject({ allowJs: true, checkJs: true, strict: true });
  });

  it("selects every tracked .mjs file", () => {
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((file) => !project.files.has(file))).toEqual([]);
  });

  it("keeps no hand-written .d.mts declarations", () => {
    expect(tracked("*.d.mts")).toEqual([]);
  });

  it("lets no .mjs file switch the check off with @ts-nocheck", () => {
    expect(modules.filter((file) => fs.readFileSync(path.join(ROOT, file), "utf8").includes("@ts-nocheck"))).toEqual([]);
  });
});
