// Access logs never keep a prescription's reference, the only secret behind its verification
// page (issue 22, finding 8): server/serve.mjs's line (server/lib/access-log.mjs) and nginx's
// (deploy/nginx/clinic.conf.template, the file production and `npm run cluster` use).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { logRequestWhenFinished } from "@/server/lib/access-log.mjs";
import { renderTemplate } from "@/server/lib/render-nginx-template.mjs";

const REFERENCE = "RX-7K3Q-9DMW-T4HB";
// The /rx page's "Sign in as a pharmacy" link carries the reference in `next`: logged as /login.
const VISITS = [`/rx/${REFERENCE}`, `/api/rx/${REFERENCE.toLowerCase()}/dispense?code=12345678`, "/rx/RX%2D7K3Q%2D9DMW%2DT4HB", `/dashboard/prescriptions/${REFERENCE}`, "/treatments", `/login?next=${encodeURIComponent(`/rx/${REFERENCE}`)}`, `/login?next=/rx/${REFERENCE}`];
const LOGGED = ["/rx/RX-[redacted]", "/api/rx/RX-[redacted]/dispense", "/rx/RX-[redacted]", "/dashboard/prescriptions/RX-[redacted]", "/treatments", "/login", "/login"];

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function visit(base: string) {
  for (const target of VISITS) expect((await fetch(`${base}${target}`)).status).toBe(200);
}

function withoutReference(text: string) {
  expect(text).not.toMatch(/7K3Q|9DMW|T4HB/i);
}

it("serve.mjs logs the path with the prescription reference redacted", async () => {
  const lines: string[] = [];
  const log = pino({ base: null }, new Writable({ write: (chunk, _encoding, done) => (lines.push(...String(chunk).split("\n").filter(Boolean)), done()) }));
  const server = http.createServer((req, res) => {
    logRequestWhenFinished(log, req, res, "0123456789abcdef");
    res.end("ok");
  });
  const base = `http://127.0.0.1:${await listen(server)}`;
  try {
    await visit(base);
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  const requests = lines.map((line) => JSON.parse(line) as { msg: string; path: string; status: number });
  expect(requests.map((line) => line.path)).toEqual(LOGGED);
  expect(requests.every((line) => line.msg === "request" && line.status === 200)).toBe(true);
  withoutReference(lines.join("\n"));
});

const NGINX = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => candidate && fs.existsSync(candidate));

(NGINX ? it : it.skip)("nginx's access log, with the deployed template, redacts the reference too", async () => {
  const upstream = http.createServer((_req, res) => res.end("ok"));
  const upstreamPort = await listen(upstream);
  const probe = http.createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-nginx-log-"));
  for (const folder of ["conf.d", "cache", "temp"]) fs.mkdirSync(path.join(runDir, folder));
  const accessLog = path.join(runDir, "access.log");
  const variables: Record<string, string> = {
    NGINX_LISTEN: `127.0.0.1:${port}`,
    NGINX_UPSTREAM_SERVERS: `server 127.0.0.1:${upstreamPort};`,
    NGINX_CACHE_DIR: path.join(runDir, "cache"),
    NGINX_ACCESS_LOG: accessLog,
  };
  const template = fs.readFileSync(path.join(process.cwd(), "deploy/nginx/clinic.conf.template"), "utf8");
  fs.writeFileSync(path.join(runDir, "conf.d/clinic.conf"), renderTemplate(template, variables));
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(
    path.join(runDir, "nginx.conf"),
    [
      asRoot ? "user root;" : "",
      "worker_processes 1;",
      "daemon off;",
      `pid ${path.join(runDir, "nginx.pid")};`,
      "error_log stderr warn;",
      "events { worker_connections 64; }",
      "http {",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${path.join(runDir, "temp", kind)};`),
      `  include ${path.join(runDir, "conf.d")}/*.conf;`,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", runDir, "-c", path.join(runDir, "nginx.conf")];
  const check = spawn(NGINX!, ["-t", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let checkOutput = "";
  check.stderr!.on("data", (chunk) => (checkOutput += chunk));
  expect(await new Promise((resolve) => check.once("exit", resolve))).toBe(0);
  expect(checkOutput).toContain("syntax is ok");

  let nginx: ChildProcess | undefined;
  try {
    nginx = spawn(NGINX!, args, { stdio: ["ignore", "ignore", "inherit"] });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    while (!(await fetch(`${base}/treatments`).then((response) => response.ok, () => false))) {
      if (Date.now() > deadline) throw new Error("nginx did not answer");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await visit(base);
    // Two references in one path: the second map logs none of it.
    expect((await fetch(`${base}/a/${REFERENCE}/b/RX-2222-3333-4444`)).status).toBe(200);
  } finally {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    await new Promise((resolve) => upstream.close(resolve));
  }
  const text = fs.readFileSync(accessLog, "utf8");
  const paths = text
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { path: string }).path);
  expect(paths.slice(-VISITS.length - 1)).toEqual([...LOGGED, "[redacted]"]);
  withoutReference(text);
  fs.rmSync(runDir, { recursive: true, force: true });
});
