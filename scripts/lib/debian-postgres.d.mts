import type { BrowserTestTool } from "./browser-test-prerequisites.mjs";

export function postgresServerTool(env: Record<string, string | undefined>): BrowserTestTool;
export function findPostgresPrograms(env: Record<string, string | undefined>, isExecutable: (file: string) => boolean): { bin: string; major: number } | null;
