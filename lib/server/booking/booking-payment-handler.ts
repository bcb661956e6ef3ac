import "server-only";
import type { Tx } from "@/lib/server/core/db/client";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { bookingCancelledMail, bookingConfirmedMail, bookingRefundedMail } from "@/lib/server/booking/booking-mail";
import { AppError } from "@/lib/server/core/errors/app-error";
import { registerPaymentPurpose } from "@/lib/server/services/payments/purpose-registry";
import type { LockedPayment, PaymentPurposeHandler } from "@/lib/server/services/payments/types";
import { bookingViewSelect, toBookingView } from "./booking-view";
import { countTakenPlaces } from "./consultation-slot";

/**
 * A consultation booking's reaction to its payment. Paid: confirmed if its hold is still
 * live, or, if the hold lapsed, if the slot still has a place; otherwise the booking is
 * marked refunded, the patient told, and the payment refunded by the caller. Lapsed
 * (expired or failed): the hold is released. Refunded by staff: an upcoming appointment is
 * cancelled (its place freed) and the patient told. Locks the slot before the booking, the order
 * every booking write uses, so two requests never wait on each other in a cycle.
 */
const bookingPaymentHandler: PaymentPurposeHandler = {
  async onPaid(tx, payment) {
    const booking = await lockBooking(tx, payment);
    if (booking.status === "CONFIRMED") return "fulfilled";
    const slot = await tx.consultationSlot.findUniqueOrThrow({ where: { id: booking.slotId }, select: { capacity: true } });
    const keepable = booking.holdLive || (booking.upcoming && booking.status !== "CANCELLED" && (await countTakenPlaces(tx, booking.slotId, booking.id)) < slot.capacity);
    const updated = await tx.consultationBooking.update({
      where: { id: booking.id },
      data: keepable
        ? { status: "CONFIRMED", confirmedAt: new Date(), holdExpiresAt: null }
        : { status: "REFUNDED", holdExpiresAt: null },
      select: bookingViewSelect,
    });
    const view = toBookingView(updated);
    await sendMail(keepable ? bookingConfirmedMail(view) : bookingRefundedMail(view), tx);
    return keepable ? "fulfilled" : "refund";
  },

  async onLapsed(tx, payment) {
    const booking = await lockBooking(tx, payment);
    if (booking.status !== "PENDING_PAYMENT") return;
    await tx.consultationBooking.update({ where: { id: booking.id }, data: { status: "EXPIRED" } });
  },

  async onRefunded(tx, payment) {
    const booking = await lockBooking(tx, payment);
    // An appointment that has already started took place: a goodwill refund does not undo it.
    if (booking.status !== "CONFIRMED" || !booking.upcoming) return;
    const updated = await tx.consultationBooking.update({
      where: { id: booking.id },
      data: { status: "CANCELLED", cancelledAt: new Date() },
      select: bookingViewSelect,
    });
    await sendMail(bookingCancelledMail(toBookingView(updated), true), tx);
  },
};

registerPaymentPurpose("CONSULTATION_BOOKING", bookingPaymentHandler);

async function lockBooking(tx: Tx, payment: LockedPayment) {
  const owner = await tx.consultationBooking.findUnique({ where: { paymentId: payment.id }, select: { slotId: true } });
  if (!owner) throw new AppError("internal", `Payment ${payment.id} pays for no booking.`);
  const { slotId } = owner;
  await tx.$queryRaw`SELECT id FROM consultation_slots WHERE id = ${slotId}::uuid FOR UPDATE`;
  // Times are compared on the database's clock, as every hold and slot rule is.
  const [booking] = await tx.$queryRaw<{ id: string; slotId: string; status: string; holdLive: boolean; upcoming: boolean }[]>`
    SELECT id::text AS id, slot_id::text AS "slotId", status::text AS status,
           COALESCE(status = 'PENDING_PAYMENT' AND hold_expires_at > (now() AT TIME ZONE 'UTC'), false) AS "holdLive",
           starts_at > (now() AT TIME ZONE 'UTC') AS upcoming
    FROM consultation_bookings WHERE payment_id = ${payment.id}::uuid FOR UPDATE`;
  if (!booking) throw new AppError("internal", `The booking for payment ${payment.id} disappeared.`);
  return booking;
}
