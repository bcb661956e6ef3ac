// GET /api/user-subscriptions: the signed-in patient's subscriptions (spec section 7; the
// fields of section 3's "User subscription", shaped by toUserSubscription).
import { z } from "zod";
import { boundaryErrors, defineOperations } from "../operation";
import { userSubscriptionSchema } from "./subscriptions";

export const userSubscriptionsOperations = defineOperations([
  {
    method: "get",
    path: "/api/user-subscriptions",
    summary: "The signed-in patient's subscriptions, newest first",
    tags: ["Subscriptions"],
    access: "patient",
    responses: {
      200: { description: "Every subscription the account holds, live or ended (never cached).", schema: z.strictObject({ subscriptions: z.array(userSubscriptionSchema) }) },
      ...boundaryErrors({ signedIn: true }),
    },
  },
]);
