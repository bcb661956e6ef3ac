import "server-only";
import { db, type Tx } from "@/lib/server/core/db/client";

/** Ends one sign-in: its token is refused from now on. Safe to call twice. */
export async function revokeSession(sessionId: string, client: Tx | typeof db = db) {
  await client.authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Signs the user out everywhere (after a password reset or change), except `keepSessionId`. */
export async function revokeAllSessions(userId: string, client: Tx | typeof db = db, keepSessionId?: string) {
  await client.authSession.updateMany({
    where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revokedAt: new Date() },
  });
}
