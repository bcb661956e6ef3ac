import "server-only";
import type { StaffRole } from "@/lib/server/core/actor/types";

/** Who prints and posts GP letters (/staff/gp-letters): the clinicians who write them, and admins. */
export const GP_LETTER_STAFF_ROLES = ["PRESCRIBER", "PHARMACIST", "ADMIN"] as const satisfies readonly StaffRole[];
