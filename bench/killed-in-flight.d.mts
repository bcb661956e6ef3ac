// Types for killed-in-flight.mjs (plain ESM, no build step), for its test.

export interface AccessLogLine {
  path: string;
  msec: number | string;
  seconds: number | string;
  upstream: string;
  upstreamStatus: string;
}

export declare function inFlightOnKilled(lines: Iterable<AccessLogLine>, kill: { upstream: string; killedAtMs: number; exitedAtMs: number }): { health: number; other: number };
