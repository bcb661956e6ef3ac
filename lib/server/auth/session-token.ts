import "server-only";
import { decode, encode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { isSecureDeployment } from "@/lib/server/core/request/secure-cookies";

// Session lifetimes (ASVS 3.3.2, level 2): signed out 12 hours after signing in, or after
// 30 minutes without a request, whichever comes first. Stated in docs/api.md, "Accounts and sessions".
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
export const SESSION_IDLE_SECONDS = 30 * 60;

export type TokenClaims = { userId: string; sessionId: string };

/** next-auth's own cookie name, so its routes and ours read the same session. */
export function sessionCookieName() {
  return isSecureDeployment() ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export function sessionCookieOptions() {
  return { httpOnly: true, secure: isSecureDeployment(), sameSite: "lax" as const, path: "/", maxAge: SESSION_ABSOLUTE_SECONDS };
}

export function authSecret(): string {
  return env().AUTH_SECRET;
}

/** A token for one sign-in, minted with next-auth's encoder (an encrypted JWT). */
export function mintSessionToken(claims: TokenClaims): Promise<string> {
  return encode({
    token: { sub: claims.userId, sid: claims.sessionId },
    secret: authSecret(),
    maxAge: SESSION_ABSOLUTE_SECONDS,
  });
}

/** The claims of a token we minted and that has not expired, or null for anything else. */
export async function readSessionToken(token: string | null | undefined): Promise<TokenClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const payload = await decode({ token, secret: authSecret() });
    if (typeof payload?.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
