import { z } from "zod";

/** POST /api/identity/verification takes no fields: the patient is the signed-in account. */
export const startIdentityVerificationSchema = z.object({});
