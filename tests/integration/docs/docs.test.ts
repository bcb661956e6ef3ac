// The docs a test keeps true (issue 36): every folder of lib/server is named in the
// architecture page, every variable lib/env.ts reads in the configuration page, the README
// stays short, and every relative link in the README and docs/ leads to a file (and, with a
// #fragment, to a heading of that file).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ENV_VARIABLES } from "@/lib/env";

const root = path.resolve(__dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const docPages = ["README.md", ...readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

/** A name counts as named when the page has it in code quotes: `orders`, `orders/`, `lib/server/orders/`… */
function namesInCode(page: string): Set<string> {
  return new Set([...page.matchAll(/`([^`\n]+)`/g)].map((match) => (match[1] ?? "").replace(/\/$/, "").split("/").pop() ?? ""));
}

describe("docs/architecture.md names every folder of lib/server", () => {
  const named = namesInCode(read("docs/architecture.md"));
  const layers = ["core", "services", "http"];
  const expected = [
    ...folders("lib/server").filter((name) => !layers.includes(name)).map((name) => `lib/server/${name}`),
    ...folders("lib/server/core").map((name) => `lib/server/core/${name}`),
    ...folders("lib/server/services").map((name) => `lib/server/services/${name}`),
  ];

  it("finds the folders it checks", () => {
    expect(expected).toEqual(expect.arrayContaining(["lib/server/orders", "lib/server/core/actor", "lib/server/services/payments"]));
  });

  it.each(expected)("%s", (folder) => {
    expect(named.has(path.basename(folder)) ? folder : `${folder} is not named in docs/architecture.md`).toBe(folder);
  });
});

describe("docs/configuration.md names every variable lib/env.ts reads", () => {
  const source = read("lib/env.ts");
  // The zod schemas' keys, and any variable read from process.env directly.
  const variables = [...new Set([...ENV_VARIABLES, ...[...source.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1] ?? "")])].sort();
  const named = namesInCode(read("docs/configuration.md"));

  it("finds the variables it checks", () => {
    expect(variables).toEqual(expect.arrayContaining(["APP_ENV", "DATABASE_URL", "LOG_LEVEL", "STRIPE_WEBHOOK_SECRET"]));
    expect(variables.length).toBeGreaterThan(30);
  });

  it.each(variables)("%s", (variable) => {
    expect(named.has(variable) ? variable : `${variable} is not named in docs/configuration.md`).toBe(variable);
  });
});

describe("the README", () => {
  it("is under 400 lines", () => {
    const lines = read("README.md").split("\n").length;
    expect(lines).toBeLessThan(400);
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading = ""] of markdown.matchAll(/^#{1,6} (.+)$/gm)) {
    anchors.add(
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-"),
    );
  }
  return anchors;
}

describe("relative links in the README and docs/", () => {
  const links = docPages.flatMap((page) =>
    [...read(page).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)]
      .map((match) => match[1] ?? "")
      .filter((target) => !/^[a-z]+:/i.test(target))
      .map((target) => ({ page, target })),
  );

  it("finds links to check", () => {
    expect(links.length).toBeGreaterThan(20);
  });

  it.each(links.map(({ page, target }): [string, string] => [page, target]))("%s → %s", (page, target) => {
    const [file, fragment] = target.split("#");
    const resolved = file ? path.join(path.dirname(page), file) : page;
    let exists = false;
    try {
      exists = statSync(path.join(root, resolved)).isFile() || statSync(path.join(root, resolved)).isDirectory();
    } catch {
      exists = false;
    }
    expect(exists ? resolved : `${resolved} does not exist`).toBe(resolved);
    if (fragment && resolved.endsWith(".md")) {
      const anchors = anchorsOf(read(resolved));
      expect(anchors.has(fragment) ? fragment : `no heading #${fragment} in ${resolved}`).toBe(fragment);
    }
  });
});
