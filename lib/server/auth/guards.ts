import "server-only";
import { redirect } from "next/navigation";
import { safeReturnPath } from "@/lib/auth/return-path";
import { getCurrentUser } from "./current-user";
import type { SessionUser } from "./types";

/**
 * For pages that need sign-in: the signed-in user, or a redirect to /login that brings the
 * visitor back to `returnTo` afterwards. Call it in every such page (a layout alone is not
 * enough: layouts do not re-run on every navigation).
 */
export async function requireUser(returnTo: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return user;
}
