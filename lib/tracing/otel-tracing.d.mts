import type { Tracing } from "./active-tracing.d.mts";

export function createTracing(options?: { routeOf?: (url: string) => string; trustProxy?: boolean; serviceName?: string }): Tracing;
