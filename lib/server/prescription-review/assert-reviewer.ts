import "server-only";
import { isStaff } from "@/lib/server/core/actor/account-actor";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { REVIEWER_ROLES } from "./types";

/** Defence in depth behind the route's role check: only prescribers and admins review cases. */
export function assertReviewer(actor: StaffActor): void {
  if (!isStaff(actor, REVIEWER_ROLES)) throw new AppError("forbidden", "You do not have access to this area.");
}
