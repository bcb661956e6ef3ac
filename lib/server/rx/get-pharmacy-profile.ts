import "server-only";
import type { PharmacyActor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { PharmacyProfile } from "./types";

const NO_PHARMACY_PROFILE = "This pharmacy account has no premises details yet. Ask the clinic to add them (npm run staff:create -- --role PHARMACY).";

/** The signed-in pharmacy's premises and responsible pharmacist; 403 when the account has none. */
export async function getPharmacyProfile(actor: PharmacyActor, client: Tx | typeof db = db): Promise<PharmacyProfile> {
  const profile = await client.pharmacy.findUnique({
    where: { userId: actor.user.id },
    select: { name: true, premisesNumber: true, address: true, responsiblePharmacistName: true, responsiblePharmacistNumber: true },
  });
  if (!profile) throw new AppError("forbidden", NO_PHARMACY_PROFILE);
  return profile;
}

/** How a dispensing pharmacy is named to others: "Camden Pharmacy (GPhC 1234567)". */
export function pharmacyLabel(profile: Pick<PharmacyProfile, "name" | "premisesNumber">): string {
  return `${profile.name} (GPhC ${profile.premisesNumber})`;
}
