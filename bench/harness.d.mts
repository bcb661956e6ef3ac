// Types for the parts of bench/harness.mjs that TypeScript code imports (the bench's own tests).
import type { ChildProcess } from "node:child_process";

export interface TrackedChild extends ChildProcess {
  label: string;
  logFile: string | null;
  lines: string[];
  lineListeners: ((line: string) => void)[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerError {
  message: string;
  count: number;
  at: string[] | undefined;
}

export declare function spawnTracked(
  label: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; keepLines?: number; cwd?: string; logFile?: string },
): TrackedChild;
export declare function stopChild(child: TrackedChild, graceMs?: number): Promise<void>;
export declare function serverErrors(child: TrackedChild, from?: number): ServerError[];
export declare function logSize(child: TrackedChild): number;
export declare function sleep(ms: number): Promise<void>;
