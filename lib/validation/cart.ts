import { z } from "zod";

export const MAX_QUANTITY = 10;

const quantity = z
  .number({ error: "Quantity must be a whole number." })
  .int("Quantity must be a whole number.")
  .min(1, "Quantity must be at least 1.")
  .max(MAX_QUANTITY, `You can order at most ${MAX_QUANTITY} of an item.`);

const CHOOSE_PRODUCT = "Choose a product.";

/**
 * A product by slug (cosmetics; a medicine only with its passed assessment), or a treatment
 * plan with the passed assessment that allows it (the results page's "Choose plan").
 */
export const addCartItemSchema = z
  .object({
    product_slug: z.string({ error: CHOOSE_PRODUCT }).trim().min(1, CHOOSE_PRODUCT).max(100, "This product is not available.").optional(),
    plan_id: z.string({ error: "Choose a plan." }).trim().min(1, "Choose a plan.").max(100, "This plan is not available.").optional(),
    assessment_id: z.uuid({ error: "This assessment could not be found. Please take the assessment again." }).optional(),
    quantity: quantity.default(1),
  })
  .refine((input) => input.product_slug !== undefined || input.plan_id !== undefined, { message: CHOOSE_PRODUCT, path: ["product_slug"] });

export const updateCartItemSchema = z.object({ quantity });

export const cartItemParamsSchema = z.object({ id: z.uuid({ error: "This item is no longer in your cart." }) });

export type AddCartItemInput = z.infer<typeof addCartItemSchema>;
