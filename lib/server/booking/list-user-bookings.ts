import "server-only";
import type { BookingView } from "@/lib/booking/types";
import { db } from "@/lib/server/db/client";
import { bookingViewSelect, toBookingView } from "./booking-view";

/** A user's bookings for the dashboard, soonest first; abandoned checkouts are left out. */
export async function listUserBookings(userId: string): Promise<BookingView[]> {
  const rows = await db.consultationBooking.findMany({
    where: {
      userId,
      OR: [{ status: { in: ["CONFIRMED", "CANCELLED", "REFUNDED"] } }, { status: "PENDING_PAYMENT", holdExpiresAt: { gt: new Date() } }],
    },
    orderBy: [{ startsAt: "asc" }],
    select: bookingViewSelect,
  });
  const now = new Date();
  return rows.map((row) => toBookingView(row, now));
}
