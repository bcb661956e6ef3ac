import "server-only";
import type { NextRequest } from "next/server";
import { getSessionUser } from "./get-session-user";
import { sessionCookieName } from "./session-token";
import type { SessionUser } from "@/lib/server/core/actor/types";

type LiveCaller = { user: SessionUser; sessionId: string; via: "cookie" | "bearer" };

export type CallerResult =
  | { kind: "anonymous"; staleCookie: boolean }
  | { kind: "signed-in"; caller: LiveCaller }
  | { kind: "bad-bearer" };

/**
 * Who is calling a route handler: a bearer token (API clients) wins over the session cookie
 * (the website). A bearer token that is not live is an error, never a silent downgrade.
 */
export async function getCaller(req: NextRequest): Promise<CallerResult> {
  const authorization = req.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const found = match ? await getSessionUser(match[1]) : null;
    return found ? { kind: "signed-in", caller: { ...found, via: "bearer" } } : { kind: "bad-bearer" };
  }
  const cookie = req.cookies.get(sessionCookieName())?.value;
  if (!cookie) return { kind: "anonymous", staleCookie: false };
  const found = await getSessionUser(cookie);
  return found ? { kind: "signed-in", caller: { ...found, via: "cookie" } } : { kind: "anonymous", staleCookie: true };
}
