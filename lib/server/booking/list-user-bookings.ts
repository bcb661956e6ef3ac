import "server-only";
import type { BookingView } from "@/lib/booking/types";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { bookingViewSelect, toBookingView } from "./booking-view";

/** The account's bookings for the dashboard, soonest first; abandoned checkouts are left out. */
export async function listUserBookings(actor: AccountActor): Promise<BookingView[]> {
  const rows = await db.consultationBooking.findMany({
    where: {
      ...ownedBy(actor),
      OR: [{ status: { in: ["CONFIRMED", "CANCELLED", "REFUNDED"] } }, { status: "PENDING_PAYMENT", holdExpiresAt: { gt: new Date() } }],
    },
    orderBy: [{ startsAt: "asc" }],
    select: bookingViewSelect,
  });
  const now = new Date();
  return rows.map((row) => toBookingView(row, now));
}
