import "server-only";
import { db, type Tx } from "@/lib/server/db/client";
import { mintSessionToken, SESSION_ABSOLUTE_SECONDS } from "./session-token";

/** Starts a new sign-in for the user: a fresh session row and a fresh token, every time. */
export async function createSession(userId: string, client: Tx | typeof db = db) {
  const session = await client.authSession.create({
    data: { userId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_SECONDS * 1000) },
    select: { id: true },
  });
  const token = await mintSessionToken({ userId, sessionId: session.id });
  return { sessionId: session.id, token };
}
