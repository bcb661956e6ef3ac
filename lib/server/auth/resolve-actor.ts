import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/server/core/errors/app-error";
import { newGuestId, readGuestId } from "@/lib/server/core/actor/guest-id";
import { accountActor, isStaff } from "@/lib/server/core/actor/account-actor";
import { getCaller } from "./get-caller";
import type { AccountActor, Actor, StaffActor, StaffRole } from "@/lib/server/core/actor/types";

/**
 * Who may call a route:
 * - "optional": the signed-in account, or null (no guest lookup);
 * - "account": a signed-in account, else 401;
 * - "guest": the signed-in account, else the guest of the guest cookie, else null;
 * - "guest-or-new": as "guest", minting a new guest when there is none (writes that start a cart or a booking);
 * - { staff: roles }: a signed-in member of staff with one of the roles; 401 / 403 otherwise.
 */
export type ActorMode = "optional" | "account" | "guest" | "guest-or-new" | { staff: readonly StaffRole[] };

export type ActorFor<M extends ActorMode> = M extends "account"
  ? AccountActor
  : M extends "guest"
    ? Actor | null
    : M extends "guest-or-new"
      ? Actor
      : M extends { staff: readonly StaffRole[] }
        ? StaffActor
        : AccountActor | null;

type Resolved = { actor: Actor | null; account: AccountActor | null; staleCookie: boolean };

export async function resolveActor(req: NextRequest, mode: ActorMode): Promise<Resolved> {
  const found = await getCaller(req);
  if (found.kind === "bad-bearer") throw unauthenticated();
  const account = found.kind === "signed-in" ? accountActor(found.caller, found.caller.via) : null;
  const staleCookie = found.kind === "anonymous" && found.staleCookie;
  if (account) {
    if (typeof mode === "object") assertStaff(account, mode.staff);
    return { actor: account, account, staleCookie };
  }
  if (mode === "optional") return { actor: null, account, staleCookie };
  if (mode === "account" || typeof mode === "object") throw unauthenticated();
  const guestId = await readGuestId(req.cookies);
  if (guestId) return { actor: { kind: "guest", guestId, isNew: false }, account, staleCookie };
  if (mode === "guest") return { actor: null, account, staleCookie };
  return { actor: { kind: "guest", guestId: newGuestId(), isNew: true }, account, staleCookie };
}

/** The staff check for { staff: roles } routes, after resolveActor found an account. */
function assertStaff(actor: AccountActor, roles: readonly StaffRole[]): StaffActor {
  if (!isStaff(actor, roles)) throw new AppError("forbidden", "You do not have access to this area.");
  return actor;
}

function unauthenticated() {
  return new AppError("unauthorized", "Unauthenticated.", undefined, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
}
