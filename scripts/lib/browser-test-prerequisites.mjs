// What the browser journeys need from Debian before `npm test` runs them: Chromium for
// Playwright (playwright.config.ts) and nginx for the cluster journeys (server/runtime/cluster.mjs),
// looked for where those look. Pure: scripts/test.mjs gathers the facts and runs the plan.

const INSTALL_ENV = { DEBIAN_FRONTEND: "noninteractive" };

/**
 * @typedef {object} BrowserTestTool
 * @property {"chromium" | "nginx" | "prometheus" | "postgresql"} package
 * @property {"CHROMIUM_PATH" | "NGINX_PATH" | "PROMTOOL_PATH" | "POSTGRES_BIN_DIR"} variable
 * @property {string} label
 * @property {string[]} candidates
 * @property {boolean} installable
 * @property {string} [setting] What the variable is set to, when that is not the program's path (a folder).
 */
/** @typedef {{ command: string, args: string[], env: Record<string, string> }} InstallCommand */
/**
 * @typedef {{ action: "none" } | { action: "install", packages: string[], commands: InstallCommand[] } | { action: "stop", message: string }} PrerequisitesPlan
 */

/**
 * The tools, each with the places it is looked for. `installable`: whether Debian's package
 * would satisfy it (not when CHROMIUM_PATH names another Chromium, which Playwright then uses).
 * A tool whose variable names a folder rather than the program says so in `setting`.
 * @param {Record<string, string | undefined>} env
 * @returns {BrowserTestTool[]}
 */
export function browserTestTools(env) {
  return [
    {
      package: "chromium",
      variable: "CHROMIUM_PATH",
      label: "Chromium",
      candidates: env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : ["/usr/bin/chromium"],
      installable: !env.CHROMIUM_PATH || env.CHROMIUM_PATH === "/usr/bin/chromium",
    },
    {
      package: "nginx",
      variable: "NGINX_PATH",
      label: "nginx",
      // server/runtime/cluster.mjs falls back to Debian's paths when NGINX_PATH has no nginx.
      candidates: [...(env.NGINX_PATH ? [env.NGINX_PATH] : []), "/usr/sbin/nginx", "/usr/bin/nginx"],
      installable: true,
    },
  ];
}

/**
 * @param {BrowserTestTool[]} tools
 * @param {(path: string) => boolean} isExecutable
 * @returns {BrowserTestTool[]}
 */
export function missingTools(tools, isExecutable) {
  return tools.filter((tool) => !tool.candidates.some((candidate) => isExecutable(candidate)));
}

/**
 * What to do about the missing tools: nothing, install them (as root, where apt-get exists),
 * or stop with one sentence naming the command that fixes it.
 * @param {{ missing: BrowserTestTool[], isRoot: boolean, hasAptGet: boolean, purpose?: string }} facts
 *   purpose: what needs the tools, as the messages name it (default "The browser tests").
 * @returns {PrerequisitesPlan}
 */
export function prerequisitesPlan({ missing, isRoot, hasAptGet, purpose = "The browser tests" }) {
  if (missing.length === 0) return { action: "none" };
  const misdirected = missing.find((tool) => !tool.installable);
  if (misdirected) {
    return {
      action: "stop",
      message: `${misdirected.variable} is ${misdirected.setting ?? misdirected.candidates[0]}, where there is no executable: point it at one, or unset it to use Debian's ${misdirected.package} (apt-get install -y ${misdirected.package}).`,
    };
  }
  const packages = missing.map((tool) => tool.package);
  const names = packages.join(" ");
  if (!hasAptGet) {
    return {
      action: "stop",
      message: `${purpose} need ${missing.map((tool) => tool.label).join(" and ")}, and this machine has no apt-get: install ${missing.length > 1 ? "them" : "it"} (or set ${missing.map((tool) => tool.variable).join(" and ")} to where ${missing.length > 1 ? "they are" : "it is"}), then run npm test again.`,
    };
  }
  if (!isRoot) {
    return { action: "stop", message: `${purpose} need Debian's ${packages.join(" and ")}: run \`sudo apt-get update && sudo apt-get install -y ${names}\`, then npm test again.` };
  }
  return {
    action: "install",
    packages,
    commands: [
      { command: "apt-get", args: ["update", "-qq"], env: INSTALL_ENV },
      { command: "apt-get", args: ["install", "-y", "-qq", ...packages], env: INSTALL_ENV },
    ],
  };
}
