// Where the backup and restore test finds PostgreSQL's programs, and what `npm test` installs
// when it finds none (scripts/lib/debian-postgres.mjs with browser-test-prerequisites.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { missingTools, prerequisitesPlan } from "./browser-test-prerequisites.mjs";
import { findPostgresPrograms, postgresServerTool } from "./debian-postgres.mjs";

const PROGRAMS = ["initdb", "postgres", "pg_dump", "pg_restore", "psql"];
let folder = "";

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-pg-programs-"));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A folder of stand-in programs; `postgres --version` answers as PostgreSQL `version` would. */
function programs(names: string[], version = "16.4"): string {
  for (const name of names) fs.writeFileSync(path.join(folder, name), `#!/bin/sh\necho "${name} (PostgreSQL) ${version}"\n`, { mode: 0o755 });
  return folder;
}

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

describe("findPostgresPrograms", () => {
  it("takes the folder in POSTGRES_BIN_DIR, with the major version its postgres reports", () => {
    const bin = programs(PROGRAMS);
    expect(findPostgresPrograms({ POSTGRES_BIN_DIR: bin }, isExecutable)).toEqual({ bin, major: 16 });
  });

  it.each(PROGRAMS)("refuses a folder without %s: the test needs the server and its client programs", (missing) => {
    const bin = programs(PROGRAMS.filter((name) => name !== missing));
    expect(findPostgresPrograms({ POSTGRES_BIN_DIR: bin }, isExecutable)).toBeNull();
  });
});

describe("postgresServerTool", () => {
  it("asks `npm test` to install Debian's postgresql, as root with apt-get, when no folder has the server", () => {
    const tool = postgresServerTool({ POSTGRES_BIN_DIR: undefined });
    const plan = prerequisitesPlan({ missing: missingTools([tool], () => false), isRoot: true, hasAptGet: true, purpose: "The backup and restore test" });
    expect(plan.action === "install" && plan.commands[1]!.args).toEqual(["install", "-y", "-qq", "postgresql"]);
  });

  it("reads its candidates again when asked, so the check after apt-get sees the install", () => {
    const env: Record<string, string | undefined> = { POSTGRES_BIN_DIR: path.join(folder, "later") };
    const tool = postgresServerTool(env);
    expect(missingTools([tool], isExecutable)).toEqual([tool]);
    fs.mkdirSync(path.join(folder, "later"));
    fs.writeFileSync(path.join(folder, "later", "postgres"), "#!/bin/sh\n", { mode: 0o755 });
    expect(missingTools([tool], isExecutable)).toEqual([]);
  });

  it("never installs over a POSTGRES_BIN_DIR that is wrong, and names the folder", () => {
    const tool = postgresServerTool({ POSTGRES_BIN_DIR: "/opt/pg/bin" });
    expect(tool.candidates).toEqual(["/opt/pg/bin/postgres"]);
    expect(prerequisitesPlan({ missing: [tool], isRoot: true, hasAptGet: true, purpose: "The backup and restore test" })).toEqual({
      action: "stop",
      message: "POSTGRES_BIN_DIR is /opt/pg/bin (a folder of PostgreSQL's programs), where there is no executable: point it at one, or unset it to use Debian's postgresql (apt-get install -y postgresql).",
    });
  });
});
