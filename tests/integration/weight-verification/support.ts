import { NextRequest } from "next/server";
import { POST as postPhoto } from "@/app/api/orders/[reference]/weight-photo/route";
import { fetchXsrfToken } from "@/tests/support/request";
export { createPaidMounjaroOrder } from "../orders/support/mounjaro-order";

/** The weight photo as the order page's form sends it (multipart, cookie session with the XSRF token). */
export async function sendWeightPhoto(reference: string, photo: { data: Buffer; filename: string; type: string }, cookies: Record<string, string>) {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(photo.data)], { type: photo.type }), photo.filename);
  const encoded = new Response(form);
  const headers = new Headers({ host: "localhost:3000", "content-type": encoded.headers.get("content-type")! });
  const xsrf = await fetchXsrfToken(cookies);
  headers.set("x-xsrf-token", xsrf);
  headers.set("cookie", Object.entries({ ...cookies, "XSRF-TOKEN": xsrf }).map(([k, v]) => `${k}=${v}`).join("; "));
  const url = `/api/orders/${reference}/weight-photo`;
  const res = await postPhoto(new NextRequest(new URL(url, "http://localhost:3000"), { method: "POST", headers, body: Buffer.from(await encoded.arrayBuffer()) }), { params: Promise.resolve({ reference }) });
  return { status: res.status, body: await res.json() };
}
