import "server-only";
import { priceOrder } from "@/lib/orders/pricing";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { resolveDiscount, type ResolvedDiscount } from "@/lib/server/discounts/resolve-discount";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { QuoteInput } from "@/lib/validation/checkout";
import { loadCheckoutLines } from "./checkout-lines";

export type OrderQuote = {
  subtotalPence: number;
  discountPence: number;
  deliveryPence: number;
  totalPence: number;
  freeDelivery: boolean;
  /** The code applied (typed, or kept from a friend's link), or null. */
  discountCode: string | null;
  deliveryOptions: { slug: string; name: string; description: string; pricePence: number }[];
  /** What changed since the items were added; checkout will stop until the patient has seen it. */
  problems: string[];
};

/**
 * What the cart would cost with this delivery option and code, before payment: the same
 * lines and pricing checkout uses. Delivery options carry what each would cost for this cart.
 * A typed code that does not apply is a 422 with the reason; nothing is held or written.
 */
export async function quoteOrder(actor: Actor | null, input: QuoteInput, referralCode: string | null): Promise<OrderQuote> {
  return db.$transaction(async (tx) => {
    const cart = actor ? await tx.cart.findFirst({ where: ownedBy(actor), select: { id: true } }) : null;
    const checked = actor && cart ? await loadCheckoutLines(tx, actor, cart.id) : { lines: [], problems: [] };
    const options = await tx.deliveryOption.findMany({ orderBy: { sortOrder: "asc" } });
    const delivery = options.find((option) => option.slug === input.delivery_option);
    if (!delivery) throw new AppError("validation_failed", "Please choose a delivery option.", { delivery_option: ["Please choose a delivery option."] });
    const customer = { userId: actor && actor.kind !== "guest" ? actor.user.id : null, email: actor && actor.kind !== "guest" ? actor.user.email : null };
    let discount: ResolvedDiscount | null = null;
    if (input.discount_code && input.discount_code.trim() !== "") discount = await resolveDiscount(tx, input.discount_code, customer);
    else if (referralCode) discount = await resolveDiscount(tx, referralCode, customer).catch(() => null);
    const percent = discount?.percentOff ?? null;
    const priced = priceOrder(checked.lines, delivery, percent);
    return {
      subtotalPence: priced.subtotalPence,
      discountPence: priced.discountPence,
      deliveryPence: priced.deliveryPence,
      totalPence: priced.totalPence,
      freeDelivery: priced.freeDelivery,
      discountCode: discount?.code ?? null,
      deliveryOptions: options.map((option) => ({
        slug: option.slug,
        name: option.name,
        description: option.description,
        pricePence: priceOrder(checked.lines, option, percent).deliveryPence,
      })),
      problems: checked.problems,
    };
  });
}
