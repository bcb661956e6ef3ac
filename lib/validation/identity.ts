import { z } from "zod";

/** POST /api/identity/verification takes no fields: the patient is the signed-in account. */
export const startIdentityVerificationSchema = z.object({});

const IDENTITY_DUPLICATE_DECISIONS = ["DIFFERENT_PEOPLE", "SAME_PERSON_SUPPLY_ALLOWED", "SAME_PERSON_DECLINE"] as const;

/** POST /api/staff/identity-duplicates: a reviewer's decision on two accounts flagged as one person. */
export const decideIdentityDuplicateSchema = z.object({
  user_id: z.uuid({ error: "We could not find that patient." }),
  other_user_id: z.uuid({ error: "We could not find that patient." }),
  decision: z.enum(IDENTITY_DUPLICATE_DECISIONS, { error: "Choose whether these accounts are the same person." }),
  note: z
    .string({ error: "Say how you decided." })
    .trim()
    .min(10, "Say how you decided in a sentence (at least 10 characters).")
    .max(1000, "The note must be at most 1000 characters."),
});
