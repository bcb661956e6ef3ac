import "server-only";
import { db } from "@/lib/server/db/client";
import { readSessionToken, SESSION_IDLE_SECONDS, type TokenClaims } from "./session-token";
import type { SessionUser } from "./types";

// lastSeenAt is refreshed at most this often: one write a minute per active session.
const TOUCH_AFTER_MS = 60_000;

/**
 * The user a token belongs to, if its session is live: not revoked, inside its absolute
 * lifetime and used within the idle limit. Safe to call on every request.
 */
export async function getSessionUser(token: string | null | undefined): Promise<LiveSession | null> {
  const claims = await readSessionToken(token);
  return claims ? getLiveSession(claims) : null;
}

type LiveSession = { user: SessionUser; sessionId: string };

/** The same check for claims next-auth has already decoded. */
export async function getLiveSession(claims: TokenClaims): Promise<LiveSession | null> {
  const session = await db.authSession.findFirst({
    where: { id: claims.sessionId, userId: claims.userId, revokedAt: null },
    select: {
      id: true,
      expiresAt: true,
      lastSeenAt: true,
      user: { select: { id: true, name: true, email: true, role: true } },
    },
  });
  const now = Date.now();
  if (!session || session.expiresAt.getTime() <= now) return null;
  if (now - session.lastSeenAt.getTime() > SESSION_IDLE_SECONDS * 1000) return null;
  if (now - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.authSession.updateMany({ where: { id: session.id, revokedAt: null }, data: { lastSeenAt: new Date(now) } });
  }
  return { user: session.user, sessionId: session.id };
}
