// POST /api/bookings – book a consultation through a fee-waived invitation (no payment)
import { NextResponse } from "next/server";
import { bookInvitedConsultation } from "@/lib/server/booking/book-invited-consultation";
import { apiRoute } from "@/lib/server/http/api-route";
import { invitedBookingSchema } from "@/lib/validation/booking";

export const POST = apiRoute({ actor: "account", body: invitedBookingSchema, maxBodyBytes: 16 * 1024 }, async ({ body, actor }) => {
  const booking = await bookInvitedConsultation(actor, body);
  return NextResponse.json({ message: "Your consultation is booked.", booking }, { status: 201 });
});
