// Consultation bookings (app/api/consultations/**): which slots have a place, holding one and
// opening its checkout (the spec's POST /consultations/pay), and the owner's cancel and
// release. A guest's booking is theirs by the guest cookie; anyone else's reads 404.
import { z } from "zod";
import { availabilityQuerySchema, bookingParamsSchema, consultationPaySchema } from "@/lib/validation/booking";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";

const tags = ["Consultations"];

const badBearer = errorResponse("An invalid or expired bearer token.");
const noBooking = errorResponse("We could not find that booking (someone else's, a malformed id and a missing one read the same).");

/** BookingView (lib/booking/types.ts): no health data; the price in pence as the booking screens read it. */
export const consultationBookingSchema = z
  .strictObject({
    id: z.string(),
    reference: z.string(),
    typeName: z.string(),
    date: z.string().describe("yyyy-MM-dd, London."),
    time: z.string().describe("One of the slot labels, e.g. 09:00 AM."),
    dateLabel: z.string(),
    startsAt: z.string().describe("The appointment's start, an ISO 8601 instant."),
    status: z.enum(["PENDING_PAYMENT", "CONFIRMED", "EXPIRED", "CANCELLED", "REFUNDED"]),
    statusLabel: z.string(),
    pricePence: z.number().int(),
    feeWaived: z.boolean(),
    clientName: z.string(),
    clientEmail: z.string(),
    canCancel: z.boolean(),
  })
  .meta({ id: "ConsultationBookingView" });

export const consultationsOperations = defineOperations([
  {
    method: "get",
    path: "/api/consultations/availability",
    summary: "Every slot of a date with whether a place is left (a hint: the pay request decides)",
    tags,
    access: "public",
    request: { query: availabilityQuerySchema },
    responses: {
      200: {
        description: "The slots (Cache-Control: no-store).",
        schema: z.strictObject({ date: z.string(), type: z.string(), slots: z.array(z.strictObject({ time: z.string(), available: z.boolean() })) }),
      },
      ...boundaryErrors({ query: true }),
      401: badBearer,
      422: errorResponse("Validation failed: a malformed date, a date outside the booking window or at a weekend, or an unknown consultation type."),
    },
  },
  {
    method: "post",
    path: "/api/consultations/pay",
    summary: "Hold a place in a consultation slot and open its checkout session (the same person asking again gets the same hold)",
    tags,
    access: "guest",
    request: { body: consultationPaySchema },
    responses: {
      200: {
        description: "Held: the checkout session's id and the page to send the browser to (a new guest also gets the guest cookie).",
        schema: z.strictObject({ sessionId: z.string(), url: z.string(), message: z.string() }),
      },
      ...boundaryErrors({ write: true, jsonBody: true }),
      401: badBearer,
      409: errorResponse("Slot not available."),
      422: errorResponse("Validation failed: `errors` names the field (date outside the window or at a weekend, a time too soon, an unknown type …)."),
      429: errorResponse("Too many holds from this client address, or this person already holds the most allowed; Retry-After says when to try again."),
      502: errorResponse("The payment provider refused or did not answer; the place was given back."),
    },
  },
  {
    method: "post",
    path: "/api/consultations/bookings/{id}/cancel",
    summary: "The owner cancels a booking up to 24 hours ahead (a paid one is refunded in full); cancelling twice is a no-op",
    tags,
    access: "guest",
    request: { params: bookingParamsSchema },
    responses: {
      200: { description: "Cancelled.", schema: z.strictObject({ message: z.string(), booking: consultationBookingSchema }) },
      ...boundaryErrors({ write: true, params: true }),
      401: badBearer,
      404: noBooking,
      409: errorResponse("Too late to cancel: less than 24 hours before the start."),
    },
  },
  {
    method: "post",
    path: "/api/consultations/bookings/{id}/release",
    summary: "Back from a cancelled checkout: expire the session and free the held place at once",
    tags,
    access: "guest",
    request: { params: bookingParamsSchema },
    responses: {
      200: { description: "Released (or nothing to release; a session paid meanwhile is applied instead).", schema: z.strictObject({ message: z.string() }) },
      ...boundaryErrors({ write: true, params: true }),
      401: badBearer,
      404: noBooking,
    },
  },
]);
