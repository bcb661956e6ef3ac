import { NextRequest } from "next/server";
import { checkAgainstContract, fetchXsrfToken } from "./request";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type TestPhoto = { data: Buffer; filename: string; type: string };

/** A photo posted as the pages' forms send it (multipart "photo", cookie session with the XSRF token). */
export async function postPhoto(handler: Handler, url: string, params: Record<string, string>, photo: TestPhoto, cookies: Record<string, string>, extraHeaders: Record<string, string> = {}) {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(photo.data)], { type: photo.type }), photo.filename);
  const encoded = new Response(form);
  const headers = new Headers({ host: "localhost:3000", "content-type": encoded.headers.get("content-type")!, ...extraHeaders });
  const xsrf = await fetchXsrfToken(cookies);
  headers.set("x-xsrf-token", xsrf);
  headers.set("cookie", Object.entries({ ...cookies, "XSRF-TOKEN": xsrf }).map(([k, v]) => `${k}=${v}`).join("; "));
  const req = new NextRequest(new URL(url, "http://localhost:3000"), { method: "POST", headers, body: Buffer.from(await encoded.arrayBuffer()) });
  const res = await handler(req, { params: Promise.resolve(params) });
  const body = await res.json();
  // Uploads are checked against the API document like every other response (call()).
  await checkAgainstContract("POST", req.nextUrl.pathname, res, body);
  return { status: res.status, body };
}
