export type ReceivedSpan = { traceId: string; spanId: string; parentSpanId: string | undefined; name: string; kind: number; service: string | undefined; attributes: Record<string, string | number | boolean> };
export function startOtlpReceiver(options?: { port?: number; host?: string; file?: string }): Promise<{ url: string; spans: ReceivedSpan[]; close: () => Promise<void> }>;
