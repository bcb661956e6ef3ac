import { z } from "zod";

export const MAX_QUANTITY = 10;

const quantity = z
  .number({ error: "Quantity must be a whole number." })
  .int("Quantity must be a whole number.")
  .min(1, "Quantity must be at least 1.")
  .max(MAX_QUANTITY, `You can order at most ${MAX_QUANTITY} of an item.`);

export const addCartItemSchema = z.object({
  product_slug: z
    .string({ error: "Choose a product." })
    .trim()
    .min(1, "Choose a product.")
    .max(100, "This product is not available."),
  quantity: quantity.default(1),
});

export const updateCartItemSchema = z.object({ quantity });

export const cartItemParamsSchema = z.object({ id: z.uuid({ error: "This item is no longer in your cart." }) });

export type AddCartItemInput = z.infer<typeof addCartItemSchema>;
