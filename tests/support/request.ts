import { NextRequest } from "next/server";

type Handler = (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

type Options = {
  method?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  params?: Record<string, string>;
};

/** Calls an exported route handler the way Next does, and returns status, body and cookies. */
export async function call(handler: Handler, path: string, options: Options = {}) {
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (options.cookies) {
    headers.set("cookie", Object.entries(options.cookies).map(([k, v]) => `${k}=${v}`).join("; "));
  }
  headers.set("host", headers.get("host") ?? "localhost:3000");
  const req = new NextRequest(new URL(path, "http://localhost:3000"), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? JSON.parse(text) : null,
    setCookie: res.headers.get("set-cookie"),
  };
}

/** The guest cookie value from a Set-Cookie header. */
export function guestCookieFrom(setCookie: string | null): string {
  const match = setCookie?.match(/guest_id=([^;]+)/);
  if (!match?.[1]) throw new Error(`No guest cookie in ${setCookie}`);
  return match[1];
}
