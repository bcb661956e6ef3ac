// Access logs never keep a prescription's reference, the only secret behind its verification
// page (issue 22, finding 8): server/serve.mjs's line (server/runtime/access-log.mjs) and nginx's
// (deploy/nginx/clinic.conf.template, the file production and `npm run cluster` use).
import fs from "node:fs";
import http from "node:http";
import { Writable } from "node:stream";
import pino from "pino";
import { freePort } from "@/scripts/lib/free-port.mjs";
import { logRequestWhenFinished } from "@/server/runtime/access-log.mjs";
import { NGINX_BINARY, listenOnLoopback, startNginx } from "@/tests/support/nginx";

const REFERENCE = "RX-7K3Q-9DMW-T4HB";
// The /rx page's "Sign in as a pharmacy" link carries the reference in `next`: logged as /login.
const VISITS = [`/rx/${REFERENCE}`, `/api/rx/${REFERENCE.toLowerCase()}/dispense?code=12345678`, "/rx/RX%2D7K3Q%2D9DMW%2DT4HB", `/dashboard/prescriptions/${REFERENCE}`, "/treatments", `/login?next=${encodeURIComponent(`/rx/${REFERENCE}`)}`, `/login?next=/rx/${REFERENCE}`];
const LOGGED = ["/rx/RX-[redacted]", "/api/rx/RX-[redacted]/dispense", "/rx/RX-[redacted]", "/dashboard/prescriptions/RX-[redacted]", "/treatments", "/login", "/login"];

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
  const base = `http://127.0.0.1:${await listenOnLoopback(server)}`;
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

(NGINX_BINARY ? it : it.skip)("nginx's access log, with the deployed template, redacts the reference too", async () => {
  const upstream = http.createServer((_req, res) => res.end("ok"));
  const upstreamPort = await listenOnLoopback(upstream);
  const nginx = await startNginx(await freePort(), upstreamPort);
  let text: string;
  try {
    await visit(nginx.base);
    // Two references in one path: the second map logs none of it.
    expect((await fetch(`${nginx.base}/a/${REFERENCE}/b/RX-2222-3333-4444`)).status).toBe(200);
    text = fs.readFileSync(nginx.accessLog, "utf8");
  } finally {
    await nginx.stop();
    await new Promise((resolve) => upstream.close(resolve));
  }
  const paths = text
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { path: string }).path);
  expect(paths.slice(-VISITS.length - 1)).toEqual([...LOGGED, "[redacted]"]);
  withoutReference(text);
});
