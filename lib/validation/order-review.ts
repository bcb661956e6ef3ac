import { z } from "zod";
import { declineReasonSchema, reviewParamsSchema } from "./staff-review";

// The pharmacist's review of shop orders (staff area), built on the shared review fields
// (./staff-review.ts): the same schemas check the staff forms in the browser and the requests
// on the server.

export const ORDER_NOT_FOUND = "We could not find that order.";

export const orderParamsSchema = reviewParamsSchema(ORDER_NOT_FOUND);

/** POST /api/staff/orders/{id}/decline: the reason the patient reads in their account (never emailed). */
export const ORDER_DECLINE_REASON_MAX = 1000;
export const declineOrderSchema = declineReasonSchema(ORDER_DECLINE_REASON_MAX);

/** POST /api/staff/orders/{id}/invite: the consultation the patient is invited to, fee waived. */
export const inviteOrderSchema = z.object({
  consultation_type: z.string({ error: "Choose the kind of consultation." }).trim().min(1, "Choose the kind of consultation.").max(60),
  note: z.string().trim().max(1000, "The note must be at most 1000 characters.").default(""),
});

/** POST /api/staff/orders/{id}/dispatch: the carrier's tracking reference. */
export const dispatchOrderSchema = z.object({
  tracking_reference: z
    .string({ error: "Enter the tracking reference." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9 -]{1,38}[A-Z0-9]$/, "Enter the tracking reference: 3 to 40 letters, digits, spaces or hyphens."),
});

/** POST /api/staff/orders/{id}/prescribe: the prescriber's optional directions or note to the pharmacist. */
export const prescribeOrderSchema = z.object({
  directions: z.string().trim().max(1000, "The directions must be at most 1000 characters.").default(""),
});

export type PrescribeOrderInput = z.infer<typeof prescribeOrderSchema>;
export type DeclineOrderInput = z.infer<typeof declineOrderSchema>;
export type InviteOrderInput = z.infer<typeof inviteOrderSchema>;
export type DispatchOrderInput = z.infer<typeof dispatchOrderSchema>;
