// POST /api/consultations/bookings/{id}/cancel – the owner cancels (refunded) up to 24 h ahead
import { NextResponse } from "next/server";
import { z } from "zod";
import { cancelBooking } from "@/lib/server/booking/cancel-booking";
import { cartOwnerOf } from "@/lib/server/cart/cart-owner";
import { AppError } from "@/lib/server/errors";
import { readGuestId } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";

export const POST = apiRoute({}, async ({ req, params, caller }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError("not_found", "We could not find that booking.");
  const owner = cartOwnerOf(caller?.user.id, caller ? null : await readGuestId(req.cookies));
  const booking = await cancelBooking(id.data, owner);
  const message = booking.feeWaived ? "Your appointment is cancelled." : "Your appointment is cancelled and your payment will be refunded in full.";
  return NextResponse.json({ message, booking });
});
