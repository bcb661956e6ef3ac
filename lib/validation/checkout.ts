import { z } from "zod";

// UK postcodes (Royal Mail's format, incl. GIR 0AA); checked after spaces are removed.
const POSTCODE = /^(GIR0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y])\d[ABD-HJLNP-UW-Z]{2})$/;

export const POSTCODE_INVALID = "Please enter a valid UK postcode, for example SW1A 1AA.";
export const CHECKOUT_EMAIL_REQUIRED = "Please enter your email address so we can send your order updates.";

/** "sw1a1aa " -> "SW1A 1AA", or null when it is not a UK postcode. */
export function normalizePostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  if (!POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(min, `Please enter ${label}.`)
    .max(max, `Please keep ${label} under ${max} characters.`);

const addressSchema = z.object({
  name: text("the recipient's full name", 2, 100),
  line1: text("the first line of the address", 1, 100),
  line2: z.string().trim().max(100, "Please keep the second line under 100 characters.").default(""),
  city: text("the town or city", 1, 60),
  postcode: z
    .string({ error: POSTCODE_INVALID })
    .transform((value, ctx) => {
      const postcode = normalizePostcode(value);
      if (!postcode) {
        ctx.addIssue({ code: "custom", message: POSTCODE_INVALID });
        return z.NEVER;
      }
      return postcode;
    }),
});

const discountCodeSchema = z.string().trim().max(40, "This code is not valid.").optional();

const deliveryOption = z.string({ error: "Please choose a delivery option." }).trim().min(1, "Please choose a delivery option.").max(40, "Please choose a delivery option.");

/** POST /api/checkout/quote: what the order would cost with this delivery and code. */
export const quoteSchema = z.object({ delivery_option: deliveryOption, discount_code: discountCodeSchema });

/** POST /api/checkout: the cart's order with delivery, address and (guests) an email. */
export const checkoutSchema = z.object({
  delivery_option: deliveryOption,
  discount_code: discountCodeSchema,
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
    z.email({ error: "Please enter a valid email address." }).max(254).optional(),
  ),
  address: addressSchema,
});

export type QuoteInput = z.infer<typeof quoteSchema>;
export type CheckoutInput = z.infer<typeof checkoutSchema>;
