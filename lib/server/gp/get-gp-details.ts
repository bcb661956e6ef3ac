import "server-only";
import type { AccountActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import type { GpDetailsView } from "./types";

/** The account's GP practice and consent, or null before they have given them. */
export async function getGpDetails(actor: AccountActor): Promise<GpDetailsView | null> {
  const row = await db.gpDetails.findUnique({
    where: { userId: actor.user.id },
    select: { practiceName: true, addressLine1: true, addressLine2: true, town: true, postcode: true, email: true, consentToShare: true, updatedAt: true },
  });
  if (!row) return null;
  return { ...row, addressLine2: row.addressLine2 ?? "", email: row.email ?? "", updatedAt: row.updatedAt.toISOString() };
}
