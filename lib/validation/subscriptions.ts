import { z } from "zod";

const PLAN_ID_REQUIRED = "The plan_id field is required.";

export const subscribeSchema = z.object({
  plan_id: z
    .string({ error: PLAN_ID_REQUIRED })
    .trim()
    .min(1, PLAN_ID_REQUIRED)
    .max(100, "This plan does not exist or is no longer offered."),
});

export const subscriptionParamsSchema = z.object({ id: z.uuid("Subscription not found.") });
