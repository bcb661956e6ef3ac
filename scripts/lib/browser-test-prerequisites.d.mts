export interface BrowserTestTool {
  package: "chromium" | "nginx" | "prometheus" | "postgresql";
  variable: "CHROMIUM_PATH" | "NGINX_PATH" | "PROMTOOL_PATH" | "POSTGRES_BIN_DIR";
  label: string;
  candidates: string[];
  installable: boolean;
  /** What the variable is set to, when that is not the program's path (a folder). */
  setting?: string;
}

export interface InstallCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export type PrerequisitesPlan =
  | { action: "none" }
  | { action: "install"; packages: string[]; commands: InstallCommand[] }
  | { action: "stop"; message: string };

export function browserTestTools(env: Record<string, string | undefined>): BrowserTestTool[];
export function missingTools(tools: BrowserTestTool[], isExecutable: (path: string) => boolean): BrowserTestTool[];
export function prerequisitesPlan(facts: { missing: BrowserTestTool[]; isRoot: boolean; hasAptGet: boolean; purpose?: string }): PrerequisitesPlan;
