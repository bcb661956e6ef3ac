// GET /api/plans (spec section 7: "GET /plans?treatment_type={treatment_type}" → plans).
import { z } from "zod";
import { plansQuerySchema } from "@/lib/validation/prescription";
import { boundaryErrors, defineOperations } from "../operation";

/** One plan as the checkout's plan picker reads it (listPlanOffers): price in pounds, duration in months. */
const planOfferSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    duration: z.number().int(),
    description: z.string(),
  })
  .meta({ id: "PlansPlanOffer" });

export const plansOperations = defineOperations([
  {
    method: "get",
    path: "/api/plans",
    summary: "The active plans of a treatment type (an unknown type has none)",
    tags: ["Plans"],
    access: "public",
    request: { query: plansQuerySchema },
    responses: {
      200: { description: "The plans, cheapest first as the catalogue orders them; cached for a minute.", schema: z.strictObject({ plans: z.array(planOfferSchema) }) },
      ...boundaryErrors({ query: true }),
    },
  },
]);
