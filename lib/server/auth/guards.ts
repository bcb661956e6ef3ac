import "server-only";
import { notFound, redirect } from "next/navigation";
import { safeReturnPath } from "@/lib/auth/return-path";
import { isStaff } from "@/lib/server/core/actor/account-actor";
import { getCurrentAccount } from "./current-user";
import type { AccountActor, StaffActor, StaffRole } from "@/lib/server/core/actor/types";

// Page guards. Call one in every page that needs it (a layout alone is not enough: layouts
// do not re-run on every navigation), and in every server action.

/** The signed-in account, or a redirect to /login that brings the visitor back to `returnTo`. */
export async function requireActor(returnTo: string): Promise<AccountActor> {
  const actor = await getCurrentAccount();
  if (!actor) redirect(`/login?next=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return actor;
}

/**
 * A member of staff holding one of `roles` (any staff role when omitted). Visitors who are
 * not signed in go to /login; signed-in accounts without the role get a 404, so the staff
 * area's pages do not announce themselves.
 */
export async function requireStaff(returnTo: string, roles?: readonly StaffRole[]): Promise<StaffActor> {
  const actor = await requireActor(returnTo);
  if (!isStaff(actor, roles)) notFound();
  return actor;
}
