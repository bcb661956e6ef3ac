import { NextRequest } from "next/server";
import { checkAgainstContract, fetchXsrfToken } from "./request";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type TestPhoto = { data: Buffer; filename: string; type: string };

type MultipartOptions = {
  params?: Record<string, string>;
  /** Text parts, in order. */
  fields?: Record<string, string>;
  /** File parts, in order, each under its form field's name. */
  files?: [field: string, file: TestPhoto][];
  /** A cookie session: sent with the XSRF token, as the pages' forms do. */
  cookies?: Record<string, string>;
  /** A bearer token, as an API client sends it. */
  token?: string;
  headers?: Record<string, string>;
};

/**
 * A multipart POST as the pages' forms (or an API client) send it. Its answer is checked against
 * the API document like every other response the suite sees (call() in ./request).
 */
export async function postMultipart(handler: Handler, url: string, { params = {}, fields = {}, files = [], cookies, token, headers: extraHeaders = {} }: MultipartOptions) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, file] of files) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const encoded = new Response(form);
  const headers = new Headers({ host: "localhost:3000", "content-type": encoded.headers.get("content-type")!, ...extraHeaders });
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (cookies) {
    const xsrf = await fetchXsrfToken(cookies);
    headers.set("x-xsrf-token", xsrf);
    headers.set("cookie", Object.entries({ ...cookies, "XSRF-TOKEN": xsrf }).map(([k, v]) => `${k}=${v}`).join("; "));
  }
  const req = new NextRequest(new URL(url, "http://localhost:3000"), { method: "POST", headers, body: Buffer.from(await encoded.arrayBuffer()) });
  const res = await handler(req, { params: Promise.resolve(params) });
  const body = await res.json();
  await checkAgainstContract("POST", req.nextUrl.pathname, res, body);
  return { status: res.status, body };
}

/** A photo posted as the pages' forms send it (multipart "photo", cookie session with the XSRF token). */
export function postPhoto(handler: Handler, url: string, params: Record<string, string>, photo: TestPhoto, cookies: Record<string, string>, extraHeaders: Record<string, string> = {}) {
  return postMultipart(handler, url, { params, files: [["photo", photo]], cookies, headers: extraHeaders });
}
