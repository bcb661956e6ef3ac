import "server-only";
import type { NextResponse } from "next/server";
import { clearGuestCookie } from "@/lib/server/guest/guest-id";
import { sessionCookieName, sessionCookieOptions } from "./session-token";
import { setXsrfCookie } from "./xsrf-token";

/** After a sign-in: the session cookie, an XSRF token bound to it, and no guest cookie. */
export function startWebSession(response: NextResponse, session: { token: string; sessionId: string }) {
  response.cookies.set(sessionCookieName(), session.token, sessionCookieOptions());
  setXsrfCookie(response, session.sessionId);
  clearGuestCookie(response);
}

/** After a sign-out: no session cookie, and an anonymous XSRF token. */
export function endWebSession(response: NextResponse) {
  response.cookies.delete(sessionCookieName());
  setXsrfCookie(response, null);
}
