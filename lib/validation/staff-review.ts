import { z } from "zod";

// The fields every staff review shares (prescription requests, shop orders): the record's id
// in the path, the claim and release (no body), and the reason a decline gives the patient.
// Each kind's schemas (lib/validation/prescription-review.ts, order-review.ts) are built from these.

/** `{id}` in a staff route's path; a malformed id is the kind's not-found message. */
export function reviewParamsSchema(notFound: string) {
  return z.object({ id: z.uuid({ error: notFound }) });
}

/** POST …/claim, …/release (and an order's …/dispense): no body. */
export const reviewActionSchema = z.object({});

/** POST …/decline {reason}: what the patient reads in their account (never emailed), up to `max` characters. */
export function declineReasonSchema(max: number) {
  return z.object({
    reason: z
      .string({ error: "Give the reason for declining." })
      .trim()
      .min(10, "Give the reason for declining in a sentence (at least 10 characters).")
      .max(max, `The reason must be at most ${max} characters.`),
  });
}
