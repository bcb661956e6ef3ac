import "server-only";
import { isPharmacy } from "@/lib/server/core/actor/account-actor";
import type { AccountActor, PharmacyActor } from "@/lib/server/core/actor/types";
import { AppError } from "@/lib/server/core/errors/app-error";

const PHARMACY_SIGN_IN_MESSAGE = "Sign in with your pharmacy's account to mark a prescription dispensed. Anyone can check that it is genuine without signing in.";
const PHARMACY_ONLY_MESSAGE = "Only a pharmacy's account can mark a prescription dispensed. Sign out, then sign in with your pharmacy's account.";

/** Dispensing needs an identified pharmacy: 401 signed out, 403 for any other account (staff and admins included). */
export function assertPharmacy(actor: AccountActor | null): PharmacyActor {
  if (!actor) throw new AppError("unauthorized", PHARMACY_SIGN_IN_MESSAGE);
  if (!isPharmacy(actor)) throw new AppError("forbidden", PHARMACY_ONLY_MESSAGE);
  return actor;
}
