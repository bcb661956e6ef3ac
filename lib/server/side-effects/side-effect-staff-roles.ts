import "server-only";
import type { StaffRole } from "@/lib/server/core/actor/types";

/** The clinical team that reads, answers and triages side-effect reports. */
export const SIDE_EFFECT_STAFF_ROLES = ["PRESCRIBER", "PHARMACIST", "ADMIN"] as const satisfies readonly StaffRole[];
