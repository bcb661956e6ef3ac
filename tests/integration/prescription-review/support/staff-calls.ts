import { NextRequest } from "next/server";
import { POST as claim } from "@/app/api/staff/prescriptions/[id]/claim/route";
import { POST as decline } from "@/app/api/staff/prescriptions/[id]/decline/route";
import { POST as issue } from "@/app/api/staff/prescriptions/[id]/issue/route";
import { POST as ask } from "@/app/api/staff/prescriptions/[id]/messages/route";
import { POST as release } from "@/app/api/staff/prescriptions/[id]/release/route";
import { call } from "@/tests/support/request";

type Caller = { cookies?: Record<string, string>; headers?: Record<string, string> };

const base = (id: string) => `/api/staff/prescriptions/${id}`;

export const VALID_PRESCRIPTION = { medicine: "Finasteride 1 mg tablets", dose: "1 mg once daily", quantity: "28 tablets", directions: "Take one tablet by mouth each day." };

export function claimCase(id: string, caller: Caller) {
  return call(claim, `${base(id)}/claim`, { method: "POST", params: { id }, ...caller });
}

export function releaseCase(id: string, caller: Caller) {
  return call(release, `${base(id)}/release`, { method: "POST", params: { id }, ...caller });
}

export function issueCase(id: string, caller: Caller, json: unknown = VALID_PRESCRIPTION) {
  return call(issue, `${base(id)}/issue`, { json, params: { id }, ...caller });
}

export function declineCase(id: string, caller: Caller, reason = "Finasteride is not suitable with the medicines you take.") {
  return call(decline, `${base(id)}/decline`, { json: { reason }, params: { id }, ...caller });
}

export function askPatient(id: string, caller: Caller, body = "Have you used minoxidil before? If so, for how long?") {
  return call(ask, `${base(id)}/messages`, { json: { body }, params: { id }, ...caller });
}

type GetHandler = (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** GET an image route as Next would: status, headers and the raw bytes (call() reads JSON). */
export async function getImage(handler: GetHandler, path: string, params: Record<string, string>, cookies: Record<string, string> = {}) {
  const headers = new Headers({ host: "localhost:3000" });
  if (Object.keys(cookies).length) headers.set("cookie", Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join("; "));
  const res = await handler(new NextRequest(new URL(path, "http://localhost:3000"), { headers }), { params: Promise.resolve(params) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
