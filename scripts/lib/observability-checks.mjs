// `npm test`'s static check of the observability profile (issue 24): Prometheus's
// configuration and alert rules with promtool (Debian's `prometheus` package, which
// scripts/test.mjs installs when missing, as it installs chromium and nginx), the rules'
// own tests (alerts.test.yml), and docker-compose.yml with the profile through
// `docker-compose config`. A missing binary skips its checks with a sentence saying so.
import fs from "node:fs";
import path from "node:path";

export const OBSERVABILITY_DIR = "deploy/observability";

/**
 * promtool, looked for where Debian puts it (or PROMTOOL_PATH), in the shape of browserTestTools().
 * @param {Record<string, string | undefined>} env
 * @returns {import("./browser-test-prerequisites.mjs").BrowserTestTool}
 */
export function promtoolTool(env) {
  return {
    package: "prometheus",
    variable: "PROMTOOL_PATH",
    label: "promtool",
    candidates: [...(env.PROMTOOL_PATH ? [env.PROMTOOL_PATH] : []), "/usr/bin/promtool"],
    installable: !env.PROMTOOL_PATH || env.PROMTOOL_PATH === "/usr/bin/promtool",
  };
}

/**
 * The variables docker-compose.yml requires (`${NAME:?message}`): `config` refuses to render
 * without them, so the check gives each a placeholder.
 * @param {string} composeText
 */
export function requiredComposeVariables(composeText) {
  return [...new Set([...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):\?/g)].map((match) => match[1]))];
}

/**
 * The checks to run from the project's root, and the ones skipped with why.
 * @param {{ root: string, promtool: string | null, compose: { command: string, args: string[] } | null }} found
 * @returns {{ checks: { label: string, command: string, args: string[], env?: Record<string, string> }[], skipped: string[] }}
 */
export function observabilityChecks({ root, promtool, compose }) {
  const dir = path.join(root, OBSERVABILITY_DIR);
  const checks = [];
  const skipped = [];
  if (promtool) {
    checks.push(
      { label: "promtool check config", command: promtool, args: ["check", "config", path.join(dir, "prometheus.yml")] },
      { label: "promtool check rules", command: promtool, args: ["check", "rules", path.join(dir, "alerts.yml")] },
      { label: "promtool test rules", command: promtool, args: ["test", "rules", path.join(dir, "alerts.test.yml")] },
    );
  } else {
    skipped.push("promtool is not installed (Debian's prometheus package): the Prometheus configuration and alert rules were not checked.");
  }
  if (compose) {
    const composeFile = path.join(root, "docker-compose.yml");
    const placeholders = Object.fromEntries(requiredComposeVariables(fs.readFileSync(composeFile, "utf8")).map((name) => [name, "placeholder"]));
    checks.push({ label: "docker-compose config (observability profile)", command: compose.command, args: [...compose.args, "-f", composeFile, "--profile", "observability", "config", "-q"], env: placeholders });
  } else {
    skipped.push("Neither docker-compose nor `docker compose` is installed: docker-compose.yml was not checked.");
  }
  return { checks, skipped };
}
