import "server-only";

// The id of the request that queued a job travels in the job's data under this key, so the
// job's log lines can be matched to the request; handlers never see it.
const KEY = "_requestId";

export function withRequestId(data: object, requestId: string | undefined): object {
  return requestId && !Array.isArray(data) ? { ...data, [KEY]: requestId } : data;
}

export function withoutRequestId(data: unknown): { data: unknown; requestId: string | undefined } {
  if (!data || typeof data !== "object" || Array.isArray(data) || !(KEY in data)) return { data, requestId: undefined };
  const { [KEY]: requestId, ...rest } = data as Record<string, unknown>;
  return { data: rest, requestId: typeof requestId === "string" ? requestId : undefined };
}
