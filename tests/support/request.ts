import { NextRequest } from "next/server";
import type { ContractCheck } from "./api-contract-check.mjs";

type Handler = (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

type Options = {
  method?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  params?: Record<string, string>;
  /** Writes get a valid XSRF cookie and header, as the spec's client sends, unless false. */
  xsrf?: boolean;
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Calls an exported route handler the way Next does, and returns status, body and cookies. */
export async function call(handler: Handler, path: string, options: Options = {}) {
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const cookies = { ...options.cookies };
  if (WRITE_METHODS.has(method) && options.xsrf !== false && !headers.has("authorization") && !headers.has("x-xsrf-token")) {
    const token = await fetchXsrfToken(cookies);
    cookies["XSRF-TOKEN"] = token;
    headers.set("x-xsrf-token", token);
  }
  if (Object.keys(cookies).length) {
    headers.set("cookie", Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join("; "));
  }
  headers.set("host", headers.get("host") ?? "localhost:3000");
  const req = new NextRequest(new URL(path, "http://localhost:3000"), { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  // JSON as the API answers it; another body (the API reference's page and files) as text.
  const isJson = /\bjson\b/i.test(res.headers.get("content-type") ?? "");
  const parsed = text ? (isJson || !res.headers.has("content-type") ? JSON.parse(text) : text) : null;
  await checkAgainstContract(method, req.nextUrl.pathname, res, parsed);
  return {
    status: res.status,
    headers: res.headers,
    body: parsed,
    setCookie: res.headers.get("set-cookie"),
    cookies: cookieMap(res.headers.getSetCookie()),
  };
}

/**
 * Responses checked: every response a test sees must be one the OpenAPI document describes for
 * its operation (a listed status, a body its schema allows), or the test fails here.
 */
export async function checkAgainstContract(method: string, pathname: string, res: Response, body: unknown) {
  // Set by the integration project's environment (tests/support/api-contract-environment.mjs).
  const contract = (globalThis as { __apiContract?: ContractCheck }).__apiContract;
  if (!contract) return;
  if (!contract.hasDocument()) {
    // Once per jest worker: the environment keeps it (and its compiled schemas) across test files.
    const { buildOpenApiDocument } = await import("@/lib/api-contract/document");
    const { operations } = await import("@/lib/api-contract/routes");
    const { version } = await import("@/package.json");
    contract.setDocument(buildOpenApiDocument(operations, { version }));
  }
  const problem = contract.check({ method, pathname, status: res.status, contentType: res.headers.get("content-type"), body });
  if (problem) throw new Error(`API contract: ${problem}\n(lib/api-contract/routes describes each route; run \`npm run openapi\` after changing it.)`);
}

/** What GET /sanctum/csrf-cookie issues for a client holding these cookies. */
export async function fetchXsrfToken(cookies: Record<string, string> = {}): Promise<string> {
  // Loaded on first use, so a test can point DATABASE_URL elsewhere before the db client loads.
  const { GET: csrfCookie } = await import("@/app/sanctum/csrf-cookie/route");
  const res = await call(csrfCookie, "/sanctum/csrf-cookie", { cookies });
  const token = res.cookies["XSRF-TOKEN"];
  if (!token) throw new Error("GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie");
  return token;
}

/** Name → value of the cookies a response sets ("" for a deleted cookie). */
function cookieMap(setCookies: string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const index = pair?.indexOf("=") ?? -1;
    if (pair && index > 0) map[pair.slice(0, index)] = pair.slice(index + 1);
  }
  return map;
}

/** The guest cookie value from a Set-Cookie header. */
export function guestCookieFrom(setCookie: string | null): string {
  const match = setCookie?.match(/guest_id=([^;]+)/);
  if (!match?.[1]) throw new Error(`No guest cookie in ${setCookie}`);
  return match[1];
}
