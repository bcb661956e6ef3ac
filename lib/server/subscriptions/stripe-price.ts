import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import { logger } from "@/lib/server/core/log/logger";
import { describeError, providerMessage, stripe } from "@/lib/server/services/payments/stripe-client";

/**
 * The plan's recurring Stripe price, found by a lookup key made of what it charges (plan,
 * amount, months), created once otherwise. A price change in the catalogue makes a new key,
 * so a new price; existing subscriptions keep theirs, as Stripe prices never change.
 */
export async function stripePriceFor(plan: { id: string; name: string; pricePence: number; durationMonths: number; productName: string }): Promise<string> {
  const lookupKey = `plan:${plan.id}:${plan.pricePence}:${plan.durationMonths}`;
  try {
    const found = await stripe().prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const price = await stripe().prices.create(
      {
        currency: "gbp",
        unit_amount: plan.pricePence,
        recurring: { interval: "month", interval_count: plan.durationMonths },
        product_data: { name: `${plan.productName}: ${plan.name}` },
        lookup_key: lookupKey,
        transfer_lookup_key: true,
        metadata: { plan_id: plan.id },
      },
      // Two instances creating it at once get the same price.
      { idempotencyKey: `price-${lookupKey}` },
    );
    return price.id;
  } catch (error) {
    logger.error(`Stripe price for plan ${plan.id} failed: ${describeError(error)}`);
    throw new AppError("bad_gateway", `We could not start the payment: ${providerMessage(error)} Please try again.`);
  }
}
