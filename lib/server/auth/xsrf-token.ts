import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextResponse } from "next/server";
import { isSecureDeployment } from "@/lib/server/core/request/secure-cookies";
import { authSecret } from "./session-token";

// The spec's client (Laravel Sanctum style) fetches GET /sanctum/csrf-cookie, then echoes the
// readable XSRF-TOKEN cookie in an X-XSRF-TOKEN header on every write. We make that a signed
// double-submit token: `<nonce>.<HMAC(secret, binding, nonce)>`, bound to the sign-in it was
// issued for (or to "anonymous"), so a token planted from elsewhere or kept from another
// session is refused.

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
const ANONYMOUS = "anonymous";

function issueXsrfToken(sessionId: string | null): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${sign(sessionId ?? ANONYMOUS, nonce)}`;
}

/** True when the header equals the cookie and the token was issued for this session. */
export function isValidXsrf(cookieValue: string | undefined, headerValue: string | null, sessionId: string | null): boolean {
  if (!cookieValue || !headerValue || !safeEqual(cookieValue, decodeHeader(headerValue))) return false;
  const [nonce, signature, extra] = cookieValue.split(".");
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, sign(sessionId ?? ANONYMOUS, nonce));
}

/** Readable by the page's script (that is the point); SameSite and Secure still apply. */
export function setXsrfCookie(response: NextResponse, sessionId: string | null) {
  response.cookies.set(XSRF_COOKIE, issueXsrfToken(sessionId), {
    httpOnly: false,
    secure: isSecureDeployment(),
    sameSite: "lax",
    path: "/",
    maxAge: 12 * 60 * 60,
  });
}

function sign(binding: string, nonce: string) {
  return createHmac("sha256", authSecret()).update(`xsrf|${binding}|${nonce}`).digest("base64url");
}

// Axios sends the cookie's value URL-decoded; other clients may send it as stored.
function decodeHeader(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
