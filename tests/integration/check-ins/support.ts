import { POST as postCheckInPhoto } from "@/app/api/check-ins/[id]/weight-photo/route";
import { POST as subscribe } from "@/app/api/subscribe/route";
import { passAssessment } from "@/tests/factories/assessment";
import { createUser, signIn } from "@/tests/factories/user";
import { makeJpeg } from "@/tests/fixtures/images/make-images";
import { db } from "@/tests/support/db";
import { postPhoto } from "@/tests/support/multipart";
import { call } from "@/tests/support/request";

type Sandbox = { pay(sessionId: string): Promise<unknown>; session(id: string): { subscription?: string | null } | undefined };

// Each test file its own block of client addresses (rate limits are per address).
const block = 20 + Math.floor(Math.random() * 200);
let addressCounter = 0;
const newAddress = () => ({ "x-forwarded-for": `10.${block}.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}` });

/** A signed-in patient calling from an address of their own. */
export async function patient() {
  const user = await createUser();
  const { cookies } = await signIn(user);
  return { user, cookies, headers: newAddress() };
}

export async function waitFor<T>(read: () => Promise<T | null | undefined | false>, timeoutMs = 8000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("waitFor timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The check-in page's scales photo (sent as soon as it is chosen), from the caller's own address. */
export async function sendCheckInPhoto(checkInId: string, caller: { cookies: Record<string, string>; headers?: Record<string, string> }) {
  const photo = { data: await makeJpeg({ width: 300, height: 600, withGps: true }), filename: "scales today.jpg", type: "image/jpeg" };
  return postPhoto(postCheckInPhoto, `/api/check-ins/${checkInId}/weight-photo`, { id: checkInId }, photo, caller.cookies, caller.headers);
}

/** A patient with a passed Mounjaro assessment, subscribed monthly and paid; webhooks delivered; the check-in's scales photo sent unless `photo` is false. */
export async function subscribeToMounjaro(sandbox: Sandbox, { photo = true }: { photo?: boolean } = {}) {
  const caller = await patient();
  await passAssessment("mounjaro", caller);
  const plan = await db.plan.findUniqueOrThrow({ where: { slug: "mounjaro-1-month" } });
  const res = await call(subscribe, "/api/subscribe", { json: { plan_id: plan.id }, ...caller });
  expect(res.status).toBe(200);
  await sandbox.pay(res.body.sessionId);
  const stripeId = sandbox.session(res.body.sessionId)!.subscription!;
  const row = await waitFor(() => db.subscription.findUnique({ where: { stripeSubscriptionId: stripeId } }));
  const checkIn = await waitFor(() => db.checkIn.findFirst({ where: { subscriptionId: row.id } }));
  if (photo) expect((await sendCheckInPhoto(checkIn.id, caller)).status).toBe(201);
  return { caller, stripeId, row, checkIn };
}
