import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import type { GpDetailsView } from "./types";

/** The account's GP practice and consent, or null before they have given them. */
export async function getGpDetails(actor: AccountActor): Promise<GpDetailsView | null> {
  const row = await db.gpDetails.findUnique({
    where: { userId: actor.user.id },
    select: GP_DETAILS_SELECT,
  });
  return row ? toGpDetailsView(row) : null;
}

export const GP_DETAILS_SELECT = { practiceName: true, addressLine1: true, addressLine2: true, town: true, postcode: true, email: true, consentToShare: true, updatedAt: true } as const;

type GpDetailsRow = Omit<GpDetailsView, "addressLine2" | "email" | "updatedAt"> & { addressLine2: string | null; email: string | null; updatedAt: Date };

/** A GP row (the account's, or one given beside an assessment) as the forms and pages read it. */
export function toGpDetailsView(row: GpDetailsRow): GpDetailsView {
  return { ...row, addressLine2: row.addressLine2 ?? "", email: row.email ?? "", updatedAt: row.updatedAt.toISOString() };
}
