import { NextRequest } from "next/server";
import { POST as postPhoto } from "@/app/api/orders/[reference]/weight-photo/route";
import { fetchXsrfToken } from "@/tests/support/request";
import { createUser, signIn } from "@/tests/factories/user";
import { accountShopper, addToCart, checkout, orderByReference } from "../orders/support/shop";

/** A signed-in patient who passed the Mounjaro assessment (self-reported 180 cm, 97.2 kg: BMI 30.0) and paid for a month of it. */
export async function createPaidMounjaroOrder(sandbox: { pay(sessionId: string): Promise<unknown> }) {
  const { passAssessment } = await import("@/tests/factories/assessment");
  const user = await createUser();
  const session = await signIn(user);
  const shopper = accountShopper(session.cookies, user.email);
  const assessmentId = await passAssessment("mounjaro", shopper);
  const added = await addToCart(shopper, { plan_id: "mounjaro-1-month", assessment_id: assessmentId });
  if (added.status !== 201) throw new Error(`add plan: ${added.status} ${JSON.stringify(added.body)}`);
  const res = await checkout(shopper);
  if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  await sandbox.pay(res.body.sessionId);
  const order = await orderByReference(res.body.reference);
  if (order.status !== "AWAITING_PHARMACIST") throw new Error(`order is ${order.status}`);
  return { order, user, session, shopper };
}

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
