import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { readGuestId } from "@/lib/server/core/actor/guest-id";
import { accountActor } from "@/lib/server/core/actor/account-actor";
import { getSessionUser } from "./get-session-user";
import { sessionCookieName } from "./session-token";
import type { AccountActor, Actor, SessionUser } from "@/lib/server/core/actor/types";

/** The signed-in account of the page being rendered (by session cookie), or null. Once per request. */
export const getCurrentAccount = cache(async (): Promise<AccountActor | null> => {
  const store = await cookies();
  const found = await getSessionUser(store.get(sessionCookieName())?.value);
  return found ? accountActor(found, "cookie") : null;
});

/** The signed-in user of the page being rendered, or null. */
export async function getCurrentUser(): Promise<SessionUser | null> {
  return (await getCurrentAccount())?.user ?? null;
}

/** Who is looking at the page: the signed-in account, else the guest of the guest cookie, else null. */
export const getCurrentActor = cache(async (): Promise<Actor | null> => {
  const account = await getCurrentAccount();
  if (account) return account;
  const guestId = await readGuestId();
  return guestId ? { kind: "guest", guestId, isNew: false } : null;
});
