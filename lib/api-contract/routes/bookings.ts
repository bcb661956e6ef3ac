// POST /api/bookings (spec section 7: "POST /bookings (consultation booking)"): a consultation
// booked through a pharmacist's fee-waived invitation, with no payment.
import { z } from "zod";
import { invitedBookingSchema } from "@/lib/validation/booking";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";
import { consultationBookingSchema } from "./consultations";

export const bookingsOperations = defineOperations([
  {
    method: "post",
    path: "/api/bookings",
    summary: "Book a consultation through the patient's own fee-waived invitation (no payment)",
    tags: ["Consultations"],
    access: "patient",
    request: { body: invitedBookingSchema },
    responses: {
      201: { description: "Booked and confirmed; the invitation is used up.", schema: z.strictObject({ message: z.string(), booking: consultationBookingSchema }) },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
      409: errorResponse("Slot not available."),
      422: errorResponse("Validation failed: the invitation is not the patient's, used or expired, needs payment, or the date or time cannot be booked."),
    },
  },
]);
