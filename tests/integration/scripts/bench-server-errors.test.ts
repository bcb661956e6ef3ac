// The bench keeps a server's whole log (spawnTracked's logFile) and, for a turn or ramp stage
// with a failed answer, counts the error lines the server wrote meanwhile (serverErrors from the
// log's size before it, logSize): by message, error kind and where thrown; info lines and
// non-JSON output are left out.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { logSize, serverErrors, spawnTracked } from "@/bench/harness.mjs";

const line = (entry: object) => JSON.stringify(entry);

it("keeps every line in the log file and counts only the error lines written after a mark", async () => {
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-log-")), "server.log");
  const before = [line({ level: "error", msg: "Unhandled API error", error: "Error" }), line({ level: "info", msg: "request" })];
  const first = spawnTracked("first", ["-e", `console.log(${JSON.stringify(before.join("\n"))})`], { logFile });
  await first.exited;
  await new Promise((resolve) => setTimeout(resolve, 50)); // the stream's last write
  const mark = logSize(first);
  expect(mark).toBeGreaterThan(0);

  const after = [
    line({ level: "error", msg: "Unhandled API error", error: "PrismaClientKnownRequestError P2002", at: ["at a (x.js:1:1)", "at b (y.js:2:2)", "at c", "at d"] }),
    line({ level: "error", msg: "Unhandled API error", error: "PrismaClientKnownRequestError P2002", at: ["at a (x.js:1:1)"] }),
    line({ level: "fatal", msg: "Worker stopped" }),
    line({ level: "warn", msg: "deferred" }),
    "not json at all",
  ];
  const second = spawnTracked("second", ["-e", `console.error(${JSON.stringify(after.join("\n"))})`], { logFile });
  await second.exited;
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(fs.readFileSync(logFile, "utf8").split("\n").filter(Boolean)).toHaveLength(before.length + after.length);
  expect(serverErrors(second, mark)).toEqual([
    { message: "Unhandled API error · PrismaClientKnownRequestError P2002", count: 2, at: ["at a (x.js:1:1)", "at b (y.js:2:2)", "at c"] },
    { message: "Worker stopped", count: 1, at: undefined },
  ]);
  expect(serverErrors(first, 0).find((error) => error.message === "Unhandled API error · Error")?.count).toBe(1);
});

it("has nothing to say about a process without a log file", async () => {
  const child = spawnTracked("no-log", ["-e", "console.error('{\"level\":\"error\",\"msg\":\"x\"}')"]);
  await child.exited;
  expect(serverErrors(child)).toEqual([]);
  expect(logSize(child)).toBe(0);
});
