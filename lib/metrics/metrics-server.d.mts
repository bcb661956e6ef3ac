import type { Server } from "node:http";
import type { Registry } from "prom-client";

export function metricsPort(environment?: NodeJS.ProcessEnv): number | null;
export function startMetricsServer(options: { port: number; host?: string; registry?: Registry }): Promise<Server>;
