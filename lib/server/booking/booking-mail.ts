import "server-only";
import { env } from "@/lib/env";
import type { BookingView } from "@/lib/booking/types";
import { formatPence } from "@/lib/format/money";
import type { Mail } from "@/lib/server/services/mail/send-mail";
import { mailSignOff } from "@/lib/server/services/mail/sign-off";

// Booking emails. Like every email we send, no health information: the patient's message
// stays on the site.

function when(booking: BookingView) {
  return `${booking.dateLabel} at ${booking.time} (UK time)`;
}

export function bookingConfirmedMail(booking: BookingView): Mail {
  const { SITE_NAME, SITE_URL } = env();
  const paid = booking.feeWaived ? "There is no fee for this consultation." : `You paid ${formatPence(booking.pricePence)}.`;
  return {
    to: booking.clientEmail,
    subject: `Your ${booking.typeName.toLowerCase()} is booked: ${booking.dateLabel}, ${booking.time}`,
    text: `Hello ${booking.clientName},\n\nYour ${booking.typeName.toLowerCase()} with ${SITE_NAME} is confirmed for ${when(booking)}. Reference: ${booking.reference}. ${paid}\n\nWe will email you the video link on the day. You can cancel for a full refund up to 24 hours before the appointment from your account (${SITE_URL}/dashboard/orders), or by replying to this email.${mailSignOff()}`,
  };
}

export function bookingRefundedMail(booking: BookingView): Mail {
  const { SITE_URL } = env();
  return {
    to: booking.clientEmail,
    subject: `We could not keep your appointment: full refund (${booking.reference})`,
    text: `Hello ${booking.clientName},\n\nYour payment for the ${booking.typeName.toLowerCase()} on ${when(booking)} arrived after the time we could hold the slot for you, and the slot has since been taken. We are sorry. We have refunded ${formatPence(booking.pricePence)} in full; it reaches your card within 5 to 10 working days.\n\nYou can choose another time at ${SITE_URL}/consultation.${mailSignOff()}`,
  };
}

export function bookingCancelledMail(booking: BookingView, refunded: boolean): Mail {
  const { SITE_URL } = env();
  const money = refunded ? ` We have refunded ${formatPence(booking.pricePence)} in full; it reaches your card within 5 to 10 working days.` : "";
  return {
    to: booking.clientEmail,
    subject: `Your appointment is cancelled (${booking.reference})`,
    text: `Hello ${booking.clientName},\n\nYour ${booking.typeName.toLowerCase()} on ${when(booking)} is cancelled.${money}\n\nYou can book another time at ${SITE_URL}/consultation.${mailSignOff()}`,
  };
}
