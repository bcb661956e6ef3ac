import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { getSessionUser } from "./get-session-user";
import { sessionCookieName } from "./session-token";
import type { SessionUser } from "./types";

/** The signed-in user of the page being rendered (by session cookie), or null. Once per request. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const store = await cookies();
  const found = await getSessionUser(store.get(sessionCookieName())?.value);
  return found?.user ?? null;
});
