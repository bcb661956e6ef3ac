import { z } from "zod";
import { normalizePostcode, POSTCODE_INVALID } from "./checkout";

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} under ${max} characters.`);

const PRACTICE_EMAIL_INVALID = "Enter the practice's email address like name@nhs.net, or leave it empty if you do not know it.";

/** The patient's GP practice and whether we may tell it what we supply (/dashboard/gp, PUT /api/gp). */
export const saveGpDetailsSchema = z.object({
  practice_name: text("your GP practice's name", 120),
  address_line1: text("the first line of the practice's address", 100),
  address_line2: z.string().trim().max(100, "Keep the second line under 100 characters.").default(""),
  town: text("the practice's town or city", 60),
  postcode: z.string({ error: POSTCODE_INVALID }).transform((value, ctx) => {
    const postcode = normalizePostcode(value);
    if (!postcode) {
      ctx.addIssue({ code: "custom", message: POSTCODE_INVALID });
      return z.NEVER;
    }
    return postcode;
  }),
  // Optional: many patients do not know it. Without it the letter is posted.
  email: z
    .string()
    .trim()
    .max(254, PRACTICE_EMAIL_INVALID)
    .default("")
    .refine((value) => value === "" || z.email().safeParse(value).success, PRACTICE_EMAIL_INVALID)
    .transform((value) => value.toLowerCase()),
  consent: z.enum(["yes", "no"], { error: "Choose whether we may tell your GP about the medicines we supply." }),
});

export type SaveGpDetailsInput = z.infer<typeof saveGpDetailsSchema>;

/** The deciding clinician's reason for supplying a "GP consent required" medicine without consent. */
export const recordGpConsentOverrideSchema = z.object({
  reason: z
    .string({ error: "Give the reason supplying is still appropriate." })
    .trim()
    .min(20, "Give the reason supplying is still appropriate in a sentence or two (at least 20 characters).")
    .max(1000, "The reason must be at most 1000 characters."),
});

export const gpLetterParamsSchema = z.object({ id: z.uuid({ error: "This letter was not found." }) });
