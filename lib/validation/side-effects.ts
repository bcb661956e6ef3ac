import { z } from "zod";
import { londonToday } from "@/lib/format/dates";
import { ageOn } from "@/lib/questionnaire/age";
import { OUTCOMES, RED_FLAG_IDS, SEVERITIES } from "@/lib/side-effects/rules";
import { UUID_SOURCE } from "./uuid";

// Side-effect reports (lib/side-effects/rules.ts): the same schemas check the forms in the
// browser and the requests on the server. Message limits follow the case messages
// (lib/validation/prescription-reply.ts: 2000 characters).

export const SIDE_EFFECT_TEXT_MAX = 2000;
export const REPORT_NOT_FOUND = "We could not find that side-effect report.";
export const CHOOSE_TREATMENT = "Please choose the treatment the side effect is about.";
const DESCRIBE = "Please describe the side effect.";
const START_DATE = "Please enter the date it started, as YYYY-MM-DD.";
const START_NOT_FUTURE = "The date it started cannot be in the future.";
const CHOOSE_SEVERITY = "Please choose how severe it is.";
const MESSAGE_REQUIRED = "Please write your message.";

/** A treatment the patient received: an order's medicine line ("line:<id>") or an issued prescription ("rx:<id>"). */
const TREATMENT_KEY = new RegExp(`^(line|rx):${UUID_SOURCE}$`);

function text(required: string, max = SIDE_EFFECT_TEXT_MAX) {
  return z.string({ error: required }).trim().min(1, required).max(max, `Please keep it to ${max} characters or fewer.`);
}

/**
 * POST /api/side-effects: the one instance the route, the form and the API contract share.
 * "Today" (Europe/London) is read when each report is parsed, not when the module loads.
 */
export const reportSideEffectSchema = z.object({
  treatment: z.string({ error: CHOOSE_TREATMENT }).regex(TREATMENT_KEY, CHOOSE_TREATMENT),
  description: text(DESCRIBE),
  startedOn: z
    .string({ error: START_DATE })
    .regex(/^\d{4}-\d{2}-\d{2}$/, START_DATE)
    .superRefine((value, ctx) => {
      const now = londonToday();
      if (value > now) return void ctx.addIssue({ code: "custom", message: START_NOT_FUTURE });
      const years = ageOn(value, now);
      if (years === null || years > 50) ctx.addIssue({ code: "custom", message: START_DATE });
    }),
  severity: z.enum(SEVERITIES, { error: CHOOSE_SEVERITY }),
  redFlags: z
    .array(z.enum(RED_FLAG_IDS, { error: "Please choose from the symptoms listed." }), { error: "Please choose from the symptoms listed." })
    .max(RED_FLAG_IDS.length)
    .default([])
    .transform((flags) => [...new Set(flags)]),
});

export type ReportSideEffectInput = z.infer<typeof reportSideEffectSchema>;

/** POST /api/side-effects/{id}/messages and /api/staff/side-effects/{id}/messages. */
export const sideEffectMessageSchema = z.object({ body: text(MESSAGE_REQUIRED) });

/** POST /api/staff/side-effects/{id}/triage. */
export const triageSideEffectSchema = z.object({
  outcome: z.enum(OUTCOMES, { error: "Choose the outcome." }),
  note: z
    .string({ error: "Write a note on what was decided." })
    .trim()
    .min(10, "Write a note on what was decided (at least 10 characters).")
    .max(SIDE_EFFECT_TEXT_MAX, `The note must be at most ${SIDE_EFFECT_TEXT_MAX} characters.`),
});

export type TriageSideEffectInput = z.infer<typeof triageSideEffectSchema>;

export const sideEffectParamsSchema = z.object({ id: z.uuid({ error: REPORT_NOT_FOUND }) });
