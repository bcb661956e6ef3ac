// POST /api/consultations/bookings/{id}/release – back from a cancelled checkout: free the held slot
import { NextResponse } from "next/server";
import { z } from "zod";
import { releaseBookingHold } from "@/lib/server/booking/release-booking-hold";
import { cartOwnerOf } from "@/lib/server/cart/cart-owner";
import { AppError } from "@/lib/server/errors";
import { readGuestId } from "@/lib/server/guest/guest-id";
import { apiRoute } from "@/lib/server/http/api-route";

export const POST = apiRoute({}, async ({ req, params, caller }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError("not_found", "We could not find that booking.");
  const owner = cartOwnerOf(caller?.user.id, caller ? null : await readGuestId(req.cookies));
  await releaseBookingHold(id.data, owner);
  return NextResponse.json({ message: "Payment cancelled. Your appointment was not booked." });
});
