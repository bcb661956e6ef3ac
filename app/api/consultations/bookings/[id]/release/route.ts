// POST /api/consultations/bookings/{id}/release – back from a cancelled checkout: free the held slot
import { NextResponse } from "next/server";
import { releaseBookingHold } from "@/lib/server/booking/release-booking-hold";
import { apiRoute } from "@/lib/server/http/api-route";
import { bookingParamsSchema } from "@/lib/validation/booking";

export const POST = apiRoute({ actor: "guest", params: bookingParamsSchema }, async ({ params, actor }) => {
  await releaseBookingHold(params.id, actor);
  return NextResponse.json({ message: "Payment cancelled. Your appointment was not booked." });
});
