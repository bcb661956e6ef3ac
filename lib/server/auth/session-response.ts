import "server-only";
import type { NextResponse } from "next/server";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";
import { clearGuestCookie } from "@/lib/server/core/actor/guest-id";
import { sessionCookieName, sessionCookieOptions } from "./session-token";
import { setXsrfCookie } from "./xsrf-token";

/** After a sign-in: the session cookie and its readable hint, an XSRF token bound to it, and no guest cookie. */
export function startWebSession(response: NextResponse, session: { token: string; sessionId: string }) {
  const options = sessionCookieOptions();
  response.cookies.set(sessionCookieName(), session.token, options);
  // Same lifetime, but readable by the page's script: it only relabels the header's link.
  response.cookies.set(SIGNED_IN_HINT_COOKIE, "1", { ...options, httpOnly: false });
  setXsrfCookie(response, session.sessionId);
  clearGuestCookie(response);
}

/** Wherever a session ends or is found dead: no session cookie, and no hint. */
export function clearSessionCookies(response: NextResponse) {
  response.cookies.delete(sessionCookieName());
  response.cookies.delete(SIGNED_IN_HINT_COOKIE);
}

/** After a sign-out: no session cookies, and an anonymous XSRF token. */
export function endWebSession(response: NextResponse) {
  clearSessionCookies(response);
  setXsrfCookie(response, null);
}
