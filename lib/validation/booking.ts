import { z } from "zod";
import { isIsoDate, isSlotLabel, SLOT_LABELS } from "@/lib/booking/schedule";
import { emailField, requiredText } from "./fields";

// POST /api/consultations/pay and POST /api/bookings (spec §3 "Consultation booking
// request"). Whether a valid date is bookable (window, weekday, notice) depends on today
// in London and is checked by the service with lib/booking/schedule.ts.

const HAIR_CONCERNS_MAX = 2000;

const dateField = z
  .string({ error: "Please choose a date." })
  .refine(isIsoDate, "Please choose a date from the calendar (yyyy-MM-dd).");

const timeField = z
  .string({ error: "Please choose a time." })
  .refine(isSlotLabel, `Please choose one of the listed times (${SLOT_LABELS.join(", ")}).`);

const hairConcernsField = z
  .string()
  .trim()
  .max(HAIR_CONCERNS_MAX, `Your message must be at most ${HAIR_CONCERNS_MAX} characters.`)
  .nullish()
  .transform((value) => value ?? "");

const typeField = z
  .string()
  .regex(/^[a-z0-9-]{1,60}$/, "Please choose a consultation type.")
  .nullish();

export const consultationPaySchema = z.object({
  client_name: requiredText("name", 100),
  client_email: emailField,
  date: dateField,
  time: timeField,
  hair_concerns: hairConcernsField,
  type: typeField,
});
export type ConsultationPayInput = z.infer<typeof consultationPaySchema>;

export const availabilityQuerySchema = z.object({
  date: dateField,
  type: typeField,
});

export const invitedBookingSchema = z.object({
  invitation_id: z.uuid({ error: "This invitation link is not valid." }),
  date: dateField,
  time: timeField,
  hair_concerns: hairConcernsField,
});
export type InvitedBookingInput = z.infer<typeof invitedBookingSchema>;
export const bookingParamsSchema = z.object({ id: z.uuid({ error: "We could not find that booking." }) });
