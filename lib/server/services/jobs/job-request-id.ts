import "server-only";

// The id of the request that queued a job travels in the job's data under this key, so the
// job's log lines can be matched to the request; handlers never see it. Beside it, when
// tracing is on (lib/tracing), the request span's W3C traceparent, so the job's span joins
// the request's trace.
const KEY = "_requestId";
const TRACE_KEY = "_traceparent";

export type RequestOrigin = { requestId: string | undefined; traceparent?: string | undefined };

export function withRequestId(data: object, { requestId, traceparent }: RequestOrigin): object {
  if (Array.isArray(data)) return data;
  return { ...data, ...(requestId ? { [KEY]: requestId } : {}), ...(traceparent ? { [TRACE_KEY]: traceparent } : {}) };
}

export function withoutRequestId(data: unknown): { data: unknown; requestId: string | undefined; traceparent: string | undefined } {
  if (!data || typeof data !== "object" || Array.isArray(data) || !(KEY in data || TRACE_KEY in data)) return { data, requestId: undefined, traceparent: undefined };
  const { [KEY]: requestId, [TRACE_KEY]: traceparent, ...rest } = data as Record<string, unknown>;
  return { data: rest, requestId: typeof requestId === "string" ? requestId : undefined, traceparent: typeof traceparent === "string" ? traceparent : undefined };
}
