import type { Tracing } from "./active-tracing.d.mts";

export function tracingConfigured(env?: NodeJS.ProcessEnv): boolean;
export function startTracing(options?: { routeOf?: (url: string) => string; trustProxy?: boolean; serviceName?: string }): Promise<Tracing | null>;
export function stopTracing(): Promise<void>;
