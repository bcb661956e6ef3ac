import "server-only";
import { notFound } from "next/navigation";
import { isPharmacy } from "@/lib/server/core/actor/account-actor";
import type { PharmacyActor } from "@/lib/server/core/actor/types";
import { requireActor } from "@/lib/server/auth/guards";

/**
 * Page guard for the pharmacy's pages: signed out → /login (back to `returnTo`); any other
 * account gets a 404, as the staff area does.
 */
export async function requirePharmacy(returnTo: string): Promise<PharmacyActor> {
  const actor = await requireActor(returnTo);
  if (!isPharmacy(actor)) notFound();
  return actor;
}
