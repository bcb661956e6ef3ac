// The nginx configuration template (deploy/nginx/clinic.conf.template) rendered as the nginx
// image's envsubst renders it, for npm run cluster and the tests that run nginx with it.
import path from "node:path";

/**
 * envsubst as the nginx image runs it: only the named variables are replaced; a missing one is an error.
 * @param {string} template
 * @param {Record<string, string>} variables
 * @returns {string}
 */
export function renderTemplate(template, variables) {
  return template.replace(/\$\{(NGINX_[A-Z_]+)\}/g, (whole, /** @type {string} */ name) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`deploy/nginx template: no value for ${name}`);
    return value;
  });
}

/**
 * The main nginx.conf around our server blocks, for an nginx run from a folder of its own
 * (npm run cluster, the bench, the tests): no daemon, pid and temp files in `runDir`, errors
 * on stderr. `user` is the workers' user when run as root; `http` is the http block's lines.
 * @param {string} runDir
 * @param {{ user?: string, workerProcesses?: string, workerConnections?: number, http: string[] }} options
 * @returns {string}
 */
export function nginxMainConfig(runDir, { user, workerProcesses = "auto", workerConnections = 4096, http }) {
  const asRoot = process.getuid?.() === 0;
  return [
    asRoot && user ? `user ${user};` : "",
    `worker_processes ${workerProcesses};`,
    "daemon off;",
    `pid ${path.join(runDir, "nginx.pid")};`,
    "error_log stderr warn;",
    `events { worker_connections ${workerConnections}; }`,
    "http {",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${path.join(runDir, "temp", kind)};`),
    ...http.map((line) => (line ? `  ${line}` : "")),
    "}",
    "",
  ].join("\n");
}
