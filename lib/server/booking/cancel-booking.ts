import "server-only";
import type { BookingView } from "@/lib/booking/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { bookingCancelledMail } from "@/lib/server/booking/booking-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { refundInFull } from "@/lib/server/services/payments/apply-checkout-session";
import type { Actor } from "@/lib/server/core/actor/types";
import { findOwnedBooking } from "./booking-owner";
import { bookingViewSelect, canCancelBooking, CANCELLATION_NOTICE_HOURS, toBookingView } from "./booking-view";

const TOO_LATE_TO_CANCEL = `Appointments can be cancelled up to ${CANCELLATION_NOTICE_HOURS} hours before they start. Please contact us if you cannot attend.`;

/**
 * The owner cancels a confirmed booking at least 24 hours ahead: the place is freed and a
 * paid booking is refunded in full, in one transaction (the refund request carries an
 * idempotency key, so a retry after a failure cannot refund twice). Cancelling twice is a no-op.
 */
export async function cancelBooking(bookingId: string, actor: Actor | null): Promise<BookingView> {
  const found = await findOwnedBooking(bookingId, actor);
  if (found.status !== "CANCELLED" && !canCancelBooking(found)) throw new AppError("conflict", TOO_LATE_TO_CANCEL);
  const view = await db.$transaction(
    async (tx) => {
      // Lock order: payment, slot, booking (as everywhere).
      if (found.payment) await tx.$queryRaw`SELECT id FROM payments WHERE id = ${found.payment.id}::uuid FOR UPDATE`;
      await tx.$queryRaw`SELECT id FROM consultation_slots WHERE id = ${found.slotId}::uuid FOR UPDATE`;
      const [booking] = await tx.$queryRaw<{ status: string; startsAt: Date }[]>`
        SELECT status::text AS status, starts_at AS "startsAt" FROM consultation_bookings WHERE id = ${found.id}::uuid FOR UPDATE`;
      if (!booking || booking.status === "CANCELLED") return null;
      if (!canCancelBooking({ status: booking.status as "CONFIRMED", startsAt: found.startsAt })) throw new AppError("conflict", TOO_LATE_TO_CANCEL);
      const payment = found.payment ? await tx.payment.findUniqueOrThrow({ where: { id: found.payment.id } }) : null;
      const refund = payment?.status === "PAID";
      if (refund) await refundInFull(tx, payment.id, payment.paymentIntentId);
      const updated = await tx.consultationBooking.update({
        where: { id: found.id },
        data: { status: "CANCELLED", cancelledAt: new Date() },
        select: bookingViewSelect,
      });
      const result = toBookingView(updated);
      await sendMail(bookingCancelledMail(result, refund), tx);
      return result;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  if (view) return view;
  const current = await db.consultationBooking.findUniqueOrThrow({ where: { id: found.id }, select: bookingViewSelect });
  return toBookingView(current);
}
