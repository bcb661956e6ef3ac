import "server-only";
import { db } from "@/lib/server/core/db/client";
import { readSessionToken, SESSION_IDLE_SECONDS, type TokenClaims } from "./session-token";
import type { SessionUser } from "@/lib/server/core/actor/types";
import { isStaffRole } from "./second-factor-rules";
import { isUuid } from "@/lib/validation/uuid";

// lastSeenAt is refreshed at most this often: one write a minute per active session.
const TOUCH_AFTER_MS = 60_000;

/**
 * The user a token belongs to, if its session is live: not revoked, inside its absolute
 * lifetime, used within the idle limit, and (for a staff role) passed a second factor.
 * Safe to call on every request.
 */
export async function getSessionUser(token: string | null | undefined): Promise<LiveSession | null> {
  const claims = await readSessionToken(token);
  return claims ? getLiveSession(claims) : null;
}

type LiveSession = { user: SessionUser; sessionId: string };

type SessionRow = { id: string; expiresAt: Date; lastSeenAt: Date; userId: string; name: string; email: string; role: SessionUser["role"]; secondFactorAt: Date | null };

/**
 * The same check for claims next-auth has already decoded. It runs on every signed-in request,
 * so it is one statement: the session and its user joined (Prisma's relation select would read
 * them in two round trips).
 */
export async function getLiveSession(claims: TokenClaims): Promise<LiveSession | null> {
  if (!isUuid(claims.sessionId) || !isUuid(claims.userId)) return null;
  const [session] = await db.$queryRaw<SessionRow[]>`
    SELECT s.id::text AS "id", s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt", s.second_factor_at AS "secondFactorAt",
           u.id::text AS "userId", u.name, u.email, u.role::text AS "role"
    FROM auth_sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${claims.sessionId}::uuid AND s.user_id = ${claims.userId}::uuid AND s.revoked_at IS NULL`;
  const now = Date.now();
  if (!session || session.expiresAt.getTime() <= now) return null;
  // A staff session never exists with one factor: a session that did not pass one (a
  // patient's, promoted to staff in the database) is not live for a staff role.
  if (isStaffRole(session.role) && session.secondFactorAt === null) return null;
  if (now - session.lastSeenAt.getTime() > SESSION_IDLE_SECONDS * 1000) return null;
  if (now - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.authSession.updateMany({ where: { id: session.id, revokedAt: null }, data: { lastSeenAt: new Date(now) } });
  }
  const { userId, name, email, role } = session;
  return { user: { id: userId, name, email, role }, sessionId: session.id };
}
