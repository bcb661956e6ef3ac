import { z } from "zod";
import { WEIGHT_MAX_KG, WEIGHT_MIN_KG } from "@/lib/questionnaire/bmi";
import { reviewParamsSchema } from "./staff-review";

// Verified weight for weight-loss medicines: the pharmacist's record (staff area) and the
// patient's evidence routes. The same schemas check the forms and the requests.

export const weightOrderParamsSchema = reviewParamsSchema("We could not find that order.");

export const weightPhotoParamsSchema = z.object({
  id: z.uuid({ error: "We could not find that order." }),
  photoId: z.uuid({ error: "We could not find that photo." }),
});

/** /api/orders/{reference}/weight-…: the patient's order reference (e.g. OR-7K3Q9D). */
export const ownOrderParamsSchema = z.object({ reference: z.string().trim().min(1).max(40) });

export const WEIGHT_METHODS = ["PHOTO", "VIDEO_CONSULTATION", "IN_PERSON"] as const;
export const WEIGHT_NOTE_MAX = 500;

const ENTER_WEIGHT = "Enter the verified weight in kilograms, with at most one decimal place (for example 92.4).";
const WEIGHT_RANGE = `Enter a weight between ${WEIGHT_MIN_KG} and ${WEIGHT_MAX_KG} kg.`;

/** A weight a clinician verified, in kilograms with at most one decimal (a form sends text, a client a number). */
export const verifiedWeightKg = z
  .union([z.number(), z.string()], { error: ENTER_WEIGHT })
  .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
  .pipe(z.string().regex(/^\d{1,3}(\.\d)?$/, ENTER_WEIGHT))
  .transform(Number)
  .pipe(z.number().min(WEIGHT_MIN_KG, WEIGHT_RANGE).max(WEIGHT_MAX_KG, WEIGHT_RANGE));

/** POST /api/staff/orders/{id}/weight: the weight the clinician verified, how, and an optional note. */
export const recordWeightSchema = z.object({
  weight_kg: verifiedWeightKg,
  method: z.enum(WEIGHT_METHODS, { error: "Choose how the weight was verified." }),
  note: z.string().trim().max(WEIGHT_NOTE_MAX, `The note must be at most ${WEIGHT_NOTE_MAX} characters.`).default(""),
});

export type RecordWeightInput = z.infer<typeof recordWeightSchema>;
