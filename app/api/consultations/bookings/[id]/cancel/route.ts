// POST /api/consultations/bookings/{id}/cancel – the owner cancels (refunded) up to 24 h ahead
import { NextResponse } from "next/server";
import { cancelBooking } from "@/lib/server/booking/cancel-booking";
import { apiRoute } from "@/lib/server/http/api-route";
import { bookingParamsSchema } from "@/lib/validation/booking";

export const POST = apiRoute({ actor: "guest", params: bookingParamsSchema }, async ({ params, actor }) => {
  const booking = await cancelBooking(params.id, actor);
  const message = booking.feeWaived ? "Your appointment is cancelled." : "Your appointment is cancelled and your payment will be refunded in full.";
  return NextResponse.json({ message, booking });
});
