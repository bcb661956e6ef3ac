import { z } from "zod";

export const STAFF_MEMBER_NOT_FOUND = "We could not find that member of staff.";

/** POST /api/staff/staff-members/{id}/second-factor/reset: no body. */
export const staffMemberParamsSchema = z.object({ id: z.uuid({ error: STAFF_MEMBER_NOT_FOUND }) });
