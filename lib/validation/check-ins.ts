import { z } from "zod";
import { reviewParamsSchema } from "./staff-review";
import { verifiedWeightKg } from "./weight-verification";

// Renewal check-ins (issue 23): the patient's answers before a prescription-only repeat supply,
// and the prescriber's decision. The same schemas check the forms and the requests.

export const CHECK_IN_NOT_FOUND = "We could not find that check-in.";
export const checkInParamsSchema = reviewParamsSchema(CHECK_IN_NOT_FOUND);
export const checkInWeightPhotoParamsSchema = z.object({
  id: z.uuid({ error: CHECK_IN_NOT_FOUND }),
  photoId: z.uuid({ error: "We could not find that photo." }),
});

const DETAIL_MAX = 2000;
const detail = z.string().trim().max(DETAIL_MAX, `Please keep this to ${DETAIL_MAX} characters.`).optional();
const yesOrNone = (message: string) => z.enum(["none", "yes"], { error: message });

/** A weight in kilograms with at most one decimal (a form sends text, a client a number). */
const weightKg = z
  .union([z.number(), z.string().trim().min(1, "Enter your weight in kilograms, for example 92.4.")], { error: "Enter your weight in kilograms, for example 92.4." })
  .transform((value) => (typeof value === "number" ? value : Number(value.replace(",", "."))))
  .refine((value) => Number.isFinite(value) && value >= 30 && value <= 350, "Enter your weight in kilograms, between 30 and 350 (for example 92.4).")
  .transform((value) => Math.round(value * 10) / 10);

/** The patient's choice for a dose-ladder medicine: stay on the current dose, or one step up. */
const DOSE_STEPS = ["same", "up"] as const;
export const DOSE_STEP_REQUIRED = "Choose your dose for the next month.";

/** POST /api/check-ins/{id}: the answers. The weight (and its photo) and the dose are required where the product needs them (checked on the server). */
export const submitCheckInSchema = z
  .object({
    weight_kg: weightKg.optional(),
    dose_step: z.enum(DOSE_STEPS, { error: DOSE_STEP_REQUIRED }).optional(),
    side_effects: yesOrNone("Tell us whether you have had any side effects since your last supply."),
    side_effects_detail: detail,
    new_conditions: yesOrNone("Tell us whether you have any new medical conditions or medicines."),
    new_conditions_detail: detail,
    continue: z.enum(["yes", "stop", "doctor"], { error: "Choose whether you want to continue your treatment." }),
    /** A hair-loss check-in's progress photos, saved first through POST /api/progress-photos (required there, checked on the server). */
    progress_photo_set_id: z.uuid({ error: "Save your three progress photos again: we could not find that set." }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.side_effects === "yes" && !value.side_effects_detail) {
      ctx.addIssue({ code: "custom", path: ["side_effects_detail"], message: "Describe the side effects: what, when it started and how bad it is." });
    }
    if (value.new_conditions === "yes" && !value.new_conditions_detail) {
      ctx.addIssue({ code: "custom", path: ["new_conditions_detail"], message: "Tell us the new conditions or medicines." });
    }
  });

const emptyIsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * POST /api/staff/check-ins/{id}/approve: an optional note for the record; for a dose-ladder
 * medicine the next dose (default: the patient's request); for a weight-loss medicine the weight
 * verified from the check-in's scales photo (required there, checked on the server).
 */
export const approveCheckInSchema = z.object({
  note: z.string().trim().max(1000, "The note must be at most 1000 characters.").default(""),
  dose: z.preprocess(emptyIsMissing, z.string().trim().max(20, "Choose the next dose from the list.").optional()),
  weight_kg: z.preprocess(emptyIsMissing, verifiedWeightKg.optional()),
});

/** POST /api/staff/check-ins/{id}/refer: why a consultation is needed (kept in the record, never emailed). */
export const referCheckInSchema = z.object({
  note: z.string({ error: "Say why the patient should have a consultation." }).trim().min(10, "Say why the patient should have a consultation (at least 10 characters).").max(1000, "The note must be at most 1000 characters."),
});

export type SubmitCheckInInput = z.infer<typeof submitCheckInSchema>;
export type ApproveCheckInInput = z.infer<typeof approveCheckInSchema>;
export type ReferCheckInInput = z.infer<typeof referCheckInSchema>;
