import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { logInSchema } from "@/lib/validation/auth";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { readDeviceCookie } from "./device-cookie";
import { getLiveSession } from "./get-session-user";
import { logIn } from "./log-in";
import { revokeSession } from "./revoke-sessions";
import { authSecret, SESSION_ABSOLUTE_SECONDS, sessionCookieName, sessionCookieOptions } from "./session-token";

/**
 * next-auth's configuration. Its routes (/api/auth/*, with their own CSRF token) and our
 * /api/login share one mechanism: the same encrypted JWT in the same cookie, carrying the
 * id of a database session row that logout and password resets revoke.
 */
export function nextAuthOptions(): NextAuthOptions {
  const { httpOnly, secure, sameSite, path } = sessionCookieOptions();
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_SECONDS },
    jwt: { maxAge: SESSION_ABSOLUTE_SECONDS },
    cookies: { sessionToken: { name: sessionCookieName(), options: { httpOnly, secure, sameSite, path } } },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const parsed = logInSchema.safeParse(credentials);
          if (!parsed.success) return null;
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers ?? {})) headers.set(name, String(value));
          // A known device passes the account lock here too (its cookie is re-issued only by /api/login).
          const cookies = new Map(
            (headers.get("cookie") ?? "").split(";").map((part) => {
              const at = part.indexOf("=");
              return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
            }),
          );
          const deviceCookie = readDeviceCookie({ get: (name) => (cookies.has(name) ? { value: cookies.get(name)! } : undefined) });
          const result = await logIn(parsed.data, { address: clientAddress(headers), guestId: null, deviceCookie });
          // next-auth's credentials flow has no second step: accounts with a second factor
          // (all staff) sign in through /api/login and /api/login/second-factor.
          if (result.kind !== "session") return null;
          return { ...result.user, sessionId: result.sessionId };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user && "sessionId" in user) token.sid = user.sessionId;
        return token;
      },
      async session({ session, token }) {
        const live = token.sub && typeof token.sid === "string" ? await getLiveSession({ userId: token.sub, sessionId: token.sid }) : null;
        if (!live) return { expires: session.expires };
        return { ...session, user: { name: live.user.name, email: live.user.email } };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeSession(token.sid);
      },
    },
  };
}
