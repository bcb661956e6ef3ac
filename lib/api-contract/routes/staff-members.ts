// Admin actions on staff accounts (app/api/staff/staff-members/**; lib/server/auth).
import { staffMemberParamsSchema } from "@/lib/validation/staff-members";
import { defineOperations, errorResponse } from "../operation";
import { staffMessageResponseSchema, staffWriteErrors } from "./staff-shared";

export const staffMembersOperations = defineOperations([
  {
    method: "post",
    path: "/api/staff/staff-members/{id}/second-factor/reset",
    summary: "An admin clears a staff member's authenticator (a lost phone): their recovery codes go and every session of theirs ends (audited).",
    tags: ["Staff members"],
    access: "staff",
    request: { params: staffMemberParamsSchema },
    responses: {
      200: { description: "Reset; they set up an authenticator again at their next sign-in.", schema: staffMessageResponseSchema },
      ...staffWriteErrors({ jsonBody: false }),
      403: errorResponse("Not an admin, or a cross-site write / missing X-XSRF-TOKEN."),
      404: errorResponse("No such member of staff (a patient's id, or a malformed one, reads the same)."),
    },
  },
]);
