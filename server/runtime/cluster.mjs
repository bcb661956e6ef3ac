// The production topology on one machine, without Docker: nginx (Debian's package) with the
// same configuration file as docker-compose.yml (deploy/nginx/clinic.conf.template) in front
// of two app instances (server/serve.mjs on their own ports, RUN_WORKER=false,
// TRUST_PROXY=true), one job worker (server/worker.ts), the payment sandbox posting its
// webhooks through nginx, on the embedded or given PostgreSQL. `npm run cluster` runs it;
// scripts/test.mjs (the e2e "cluster" project) and the bench's soak and fault steps start it
// through startCluster() to stop and restart its parts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { appProcessEnv, prepareApp } from "./prepare-app.mjs";
import { rememberEnv } from "./process-env.mjs";
import { nginxMainConfig, renderTemplate } from "./render-nginx-template.mjs";

const root = path.resolve(import.meta.dirname, "../..");
export const TEMPLATE = path.join(root, "deploy/nginx/clinic.conf.template");

/**
 * @param {{ port: number, appPorts: number[], distDir?: string, quiet?: boolean, accessLog?: string }} options
 *   quiet: the instances' and worker's output is not shown (the bench); errors still are.
 */
export async function startCluster({ port, appPorts, distDir = process.env.NEXT_DIST_DIR || ".next", quiet = false, accessLog }) {
  const nginxBinary = findNginx();
  const url = `http://127.0.0.1:${port}`;
  // Put back when the cluster stops, with what prepareApp sets (its close()).
  const restoreSiteUrl = rememberEnv(["SITE_URL"]);
  process.env.SITE_URL ??= url;
  const prepared = await prepareApp({ dev: false, distDir, webhookUrl: `${url}/api/webhooks/stripe` });
  /** @type {Set<import("node:child_process").ChildProcess>} */
  const children = new Set();
  // The instances and the worker connect as the app's own login (APP_DATABASE_URL).
  /** @type {NodeJS.ProcessEnv} */
  const childEnv = { ...appProcessEnv(), NEXT_DIST_DIR: distDir, TRUST_PROXY: "true", RUN_WORKER: "false" };
  // One METRICS_PORT cannot serve several processes on one machine (docker-compose.yml gives each container its own).
  delete childEnv.METRICS_PORT;
  /** @type {import("node:child_process").StdioOptions} */
  const stdio = ["ignore", quiet ? "ignore" : "inherit", "inherit"];

  /** @param {import("node:child_process").ChildProcess} child */
  const track = (child) => {
    children.add(child);
    child.once("exit", () => children.delete(child));
    return child;
  };

  const instances = appPorts.map((appPort, index) => {
    const instance = {
      name: `app-${index + 1}`,
      port: appPort,
      url: `http://127.0.0.1:${appPort}`,
      /** @type {import("node:child_process").ChildProcess | null} */
      process: null,
      /** Starts (or restarts) the instance and resolves once it is ready. */
      async start() {
        const child = track(
          spawn(process.execPath, ["server/serve.mjs", "--port", String(appPort), "--hostname", "127.0.0.1"], {
            cwd: root,
            // PGAPPNAME names its database connections (pg_stat_activity), for the soak's count.
            env: { ...childEnv, PORT: String(appPort), INSTANCE_NAME: instance.name, PGAPPNAME: instance.name },
            stdio,
          }),
        );
        instance.process = child;
        await waitFor(`${instance.url}/api/health/ready`, child, `${instance.name} (port ${appPort})`);
      },
      /**
       * Stops it as `docker stop` would (SIGTERM: in-flight requests finish), or kills it.
       * @param {NodeJS.Signals} [signal]
       */
      async stop(signal = "SIGTERM") {
        await stopChild(instance.process, signal);
      },
    };
    return instance;
  });

  const cleanup = async () => {
    await Promise.all([...children].map((child) => stopChild(child, child === nginx.process ? "SIGQUIT" : "SIGTERM")));
    await prepared.close();
    restoreSiteUrl();
  };

  const worker = {
    /** @type {import("node:child_process").ChildProcess | null} */
    process: null,
    start() {
      worker.process = track(
        spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "server/worker.ts"], { cwd: root, env: { ...childEnv, PGAPPNAME: "worker" }, stdio }),
      );
    },
    stop: (/** @type {NodeJS.Signals} */ signal = "SIGTERM") => stopChild(worker.process, signal),
  };

  const nginx = {
    /** @type {import("node:child_process").ChildProcess | null} */
    process: null,
    runDir: path.join(os.tmpdir(), `hairline-cluster-${port}`),
    async start() {
      writeNginxConfig(nginx.runDir, { port, appPorts, accessLog: accessLog ?? path.join(nginx.runDir, "access.log") });
      const child = track(spawn(nginxBinary, ["-p", nginx.runDir, "-c", path.join(nginx.runDir, "nginx.conf")], { stdio: ["ignore", "inherit", "inherit"] }));
      nginx.process = child;
      await waitFor(`${url}/api/health/live`, child, `nginx (port ${port})`);
    },
    stop: (/** @type {NodeJS.Signals} */ signal = "SIGQUIT") => stopChild(nginx.process, signal),
  };

  try {
    await Promise.all(instances.map((instance) => instance.start()));
    worker.start();
    await nginx.start();
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { url, instances, worker, nginx, database: prepared.database, sandbox: prepared.sandbox, stop: cleanup };
}

function findNginx() {
  const candidates = [...(process.env.NGINX_PATH ? [process.env.NGINX_PATH] : []), "/usr/sbin/nginx", "/usr/bin/nginx"];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error("nginx is not installed: install Debian's package (apt-get install nginx) or set NGINX_PATH.");
  return found;
}

/**
 * Renders the shared template into runDir/conf.d and writes a main nginx.conf around it.
 * @param {string} runDir
 * @param {{ port: number, appPorts: number[], accessLog: string }} options
 */
function writeNginxConfig(runDir, { port, appPorts, accessLog }) {
  fs.rmSync(runDir, { recursive: true, force: true });
  for (const folder of ["conf.d", "cache", "temp"]) fs.mkdirSync(path.join(runDir, folder), { recursive: true });
  const variables = {
    NGINX_LISTEN: `127.0.0.1:${port}`,
    NGINX_UPSTREAM_SERVERS: appPorts.map((appPort) => `server 127.0.0.1:${appPort} max_fails=1 fail_timeout=5s;`).join("\n    "),
    NGINX_CACHE_DIR: path.join(runDir, "cache"),
    NGINX_ACCESS_LOG: accessLog,
    // This nginx is the edge: no proxy in front of it is trusted.
    NGINX_REAL_IP_FROM: "",
  };
  fs.writeFileSync(path.join(runDir, "conf.d/clinic.conf"), renderTemplate(fs.readFileSync(TEMPLATE, "utf8"), variables));
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(
    path.join(runDir, "nginx.conf"),
    nginxMainConfig(runDir, {
      // As root, nginx's workers would run as nobody: give them the run folder.
      user: "nobody nogroup",
      http: [
        fs.existsSync("/etc/nginx/mime.types") ? "include /etc/nginx/mime.types;" : "",
        "default_type application/octet-stream;",
        "sendfile on;",
        "tcp_nopush on;",
        "keepalive_timeout 65;",
        "keepalive_requests 100000;",
        `include ${path.join(runDir, "conf.d")}/*.conf;`,
      ],
    }),
  );
  if (asRoot) chownTree(runDir, "nobody");
}

/**
 * @param {string} folder
 * @param {string} user
 */
function chownTree(folder, user) {
  const { uid, gid } = userIds(user);
  /** @param {string} entry */
  const walk = (entry) => {
    fs.chownSync(entry, uid, gid);
    if (fs.statSync(entry).isDirectory()) for (const child of fs.readdirSync(entry)) walk(path.join(entry, child));
  };
  walk(folder);
}

/** @param {string} user */
function userIds(user) {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((row) => row.startsWith(`${user}:`));
  if (!line) throw new Error(`No ${user} user on this machine for nginx's workers.`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Resolves once `target` answers 2xx; throws when the child exits first or after 5 minutes.
 * @param {string} target
 * @param {import("node:child_process").ChildProcess} child
 * @param {string} label
 */
async function waitFor(target, child, label) {
  let exited = child.exitCode !== null || child.signalCode !== null;
  child.once("exit", () => (exited = true));
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${label} exited before it answered; see its messages above.`);
    try {
      const response = await fetch(target, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label} did not answer ${target} within 5 minutes.`);
}

/**
 * @param {import("node:child_process").ChildProcess | null} child
 * @param {NodeJS.Signals} signal
 * @returns {Promise<void>}
 */
function stopChild(child, signal) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
