// The browser side of the API's connection rules (spec section 7): same-origin credentials,
// JSON, and on every write the X-XSRF-TOKEN header echoing the XSRF-TOKEN cookie that
// GET /sanctum/csrf-cookie sets. The session itself is an HttpOnly cookie: no token is ever
// kept in localStorage.

const XSRF_COOKIE = "XSRF-TOKEN";
const READ_METHODS = new Set(["GET", "HEAD"]);

/** `json` is sent as JSON; `form` as multipart/form-data (the browser sets its boundary). */
type ApiInit = { method?: string; json?: unknown; form?: FormData; signal?: AbortSignal };

export function readXsrfCookie(): string | null {
  for (const part of document.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === XSRF_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

async function refreshXsrfCookie(signal?: AbortSignal) {
  await fetch("/sanctum/csrf-cookie", { credentials: "same-origin", signal, cache: "no-store" });
}

async function send(path: string, init: ApiInit): Promise<Response> {
  const method = methodOf(init);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  if (!READ_METHODS.has(method)) {
    if (!readXsrfCookie()) await refreshXsrfCookie(init.signal);
    headers["X-XSRF-TOKEN"] = readXsrfCookie() ?? "";
  }
  return fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    signal: init.signal,
  });
}

/**
 * fetch() for our API. A write refused with 403 because its XSRF token belongs to an
 * earlier session (signed in or out in another tab) is retried once with a fresh token.
 */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const response = await send(path, init);
  const method = methodOf(init);
  if (response.status !== 403 || READ_METHODS.has(method)) return response;
  await refreshXsrfCookie(init.signal);
  return send(path, init);
}

function methodOf(init: ApiInit): string {
  return init.method ?? (init.json === undefined && init.form === undefined ? "GET" : "POST");
}
