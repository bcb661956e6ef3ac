import { z } from "zod";
import { emailField } from "./fields";

export const NEWSLETTER_CONSENT_TEXT =
  "I agree to receive marketing emails with offers and tips. I can unsubscribe at any time.";

export const createSubscriberSchema = z.object({
  email: emailField,
  consent: z.literal(true, { error: "Tick the box to agree to receive our emails." }),
});

export type CreateSubscriberInput = z.infer<typeof createSubscriberSchema>;
