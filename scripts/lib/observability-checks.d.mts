import type { BrowserTestTool } from "./browser-test-prerequisites.mjs";

export const OBSERVABILITY_DIR: string;
export function promtoolTool(env: Record<string, string | undefined>): BrowserTestTool;
export function requiredComposeVariables(composeText: string): string[];
export function observabilityChecks(found: { root: string; promtool: string | null; compose: { command: string; args: string[] } | null }): {
  checks: { label: string; command: string; args: string[]; env?: Record<string, string> }[];
  skipped: string[];
};
