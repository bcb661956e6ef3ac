import { z } from "zod";

/** A trimmed, lower-cased email address of sensible length. */
export const emailField = z
  .string({ error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "Email addresses are at most 254 characters.")
  .pipe(z.email({ error: "Enter a valid email address, like name@example.com." }))
  .transform((value) => value.toLowerCase());

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(max, `Your ${label} must be at most ${max} characters.`);
}
