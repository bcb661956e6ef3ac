// `npm run cluster`: the shop as it runs in production, on this machine without Docker —
// nginx (caching reverse proxy, deploy/nginx/clinic.conf.template, the file docker-compose.yml
// uses) in front of two app instances, one job worker, the payment sandbox, on the embedded
// PostgreSQL or DATABASE_URL. Needs Debian's nginx (apt-get install nginx).
//
//   node server/cluster.mjs [--port 8080] [--app-ports 3101,3102]
//   NEXT_DIST_DIR (.next), DATABASE_URL (else the embedded database), CLUSTER_PORT
import { parseArgs } from "node:util";
import { startCluster } from "./runtime/cluster.mjs";
import { loadLocalEnvironment } from "./runtime/prepare-app.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.CLUSTER_PORT || "8080" },
    "app-ports": { type: "string", default: "3101,3102" },
  },
});
loadLocalEnvironment();
const port = Number(values.port);
const appPorts = values["app-ports"].split(",").map(Number);

let cluster;
try {
  cluster = await startCluster({ port, appPorts });
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
console.log(
  `Cluster: ${cluster.url.replace("127.0.0.1", "localhost")} (nginx) → app instances on ${appPorts.map((p) => `:${p}`).join(" and ")}, one job worker${cluster.sandbox ? `, payment sandbox at ${cluster.sandbox.url}` : ""}.`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// A part that dies on its own takes the cluster down: nothing restarts it here.
for (const part of [...cluster.instances.map((instance) => instance.process), cluster.worker.process, cluster.nginx.process]) {
  part?.once("exit", (code, signal) => {
    if (stopping) return;
    console.error(`A cluster process stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    void stop();
  });
}
