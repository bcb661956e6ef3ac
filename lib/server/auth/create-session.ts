import "server-only";
import { db, type Tx } from "@/lib/server/core/db/client";
import { mintSessionToken, SESSION_ABSOLUTE_SECONDS } from "./session-token";

/**
 * Starts a new sign-in for the user: a fresh session row and a fresh token, every time.
 * `secondFactor`: the sign-in passed a second factor (required for a staff role to count).
 */
export async function createSession(userId: string, client: Tx | typeof db = db, { secondFactor = false } = {}) {
  const session = await client.authSession.create({
    data: { userId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_SECONDS * 1000), secondFactorAt: secondFactor ? new Date() : null },
    select: { id: true },
  });
  const token = await mintSessionToken({ userId, sessionId: session.id });
  return { sessionId: session.id, token };
}
