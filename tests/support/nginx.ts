// Runs Debian's nginx with the deployed template (deploy/nginx/clinic.conf.template) in a
// folder of its own, for the integration tests that check what production's edge does.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { nginxMainConfig, renderTemplate } from "@/server/runtime/render-nginx-template.mjs";

export const NGINX_BINARY = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => candidate && fs.existsSync(candidate));

/** Starts `server` on a free port of 127.0.0.1 (an upstream for nginx, or the app's own server) and answers the port. */
export async function listenOnLoopback(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

export type RunningNginx = { base: string; accessLog: string; stop: () => Promise<void> };

/**
 * Starts nginx on `port` in front of `upstreamPort` with the template rendered from `extra`
 * over the defaults (NGINX_REAL_IP_FROM empty: nginx is the edge). Checks the configuration
 * with `nginx -t` first, and waits until it answers.
 */
export async function startNginx(port: number, upstreamPort: number, extra: Record<string, string> = {}): Promise<RunningNginx> {
  if (!NGINX_BINARY) throw new Error("nginx is not installed (apt-get install nginx)");
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-nginx-"));
  for (const folder of ["conf.d", "cache", "temp"]) fs.mkdirSync(path.join(runDir, folder));
  const accessLog = path.join(runDir, "access.log");
  const variables: Record<string, string> = {
    NGINX_LISTEN: `127.0.0.1:${port}`,
    NGINX_UPSTREAM_SERVERS: `server 127.0.0.1:${upstreamPort};`,
    NGINX_CACHE_DIR: path.join(runDir, "cache"),
    NGINX_ACCESS_LOG: accessLog,
    NGINX_REAL_IP_FROM: "",
    ...extra,
  };
  const template = fs.readFileSync(path.join(process.cwd(), "deploy/nginx/clinic.conf.template"), "utf8");
  fs.writeFileSync(path.join(runDir, "conf.d/clinic.conf"), renderTemplate(template, variables));
  fs.writeFileSync(
    path.join(runDir, "nginx.conf"),
    nginxMainConfig(runDir, { user: "root", workerProcesses: "1", workerConnections: 64, http: [`include ${path.join(runDir, "conf.d")}/*.conf;`] }),
  );
  const args = ["-p", runDir, "-c", path.join(runDir, "nginx.conf")];
  const check = spawn(NGINX_BINARY, ["-t", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let checkOutput = "";
  check.stderr!.on("data", (chunk) => (checkOutput += chunk));
  if ((await new Promise((resolve) => check.once("exit", resolve))) !== 0 || !checkOutput.includes("syntax is ok")) {
    throw new Error(`nginx -t refused the rendered template:\n${checkOutput}`);
  }

  const nginx: ChildProcess = spawn(NGINX_BINARY, args, { stdio: ["ignore", "ignore", "inherit"] });
  const stop = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await fetch(`${base}/`).then(() => true, () => false))) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error("nginx did not answer");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, accessLog, stop };
}
