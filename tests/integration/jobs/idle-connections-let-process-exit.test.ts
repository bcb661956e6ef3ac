// A script or a jest worker that used the database and the job queue, and never closed them,
// must still end once its work is done: idle connections alone do not keep a process alive
// (pg's allowExitOnIdle on both pools). Before, pg's 10 s idle timer held it, and jest
// force-killed its workers ("A worker process has failed to exit gracefully") on every run.
import { spawnSync } from "node:child_process";
import path from "node:path";

const repo = path.resolve(__dirname, "../../..");

it("a process that queried the database and started the job queue exits without closing them", () => {
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/support/idle-exit-probe.mts"], {
    cwd: repo,
    env: process.env,
    encoding: "utf8",
    // Well inside pg's 10 s idle timeout, which is what used to end the process.
    timeout: 8_000,
  });
  expect(result.stderr).not.toMatch(/Error/);
  expect(result.stdout.trim()).toBe("done");
  expect(result.signal).toBeNull(); // not killed by the timeout
  expect(result.status).toBe(0);
  expect(Date.now() - started).toBeLessThan(8_000);
}, 20_000);
