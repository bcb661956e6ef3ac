import "server-only";
import { londonDateAndTime } from "@/lib/booking/schedule";
import { formatWeekdayDate } from "@/lib/format/dates";
import type { BookingStatus, BookingView } from "@/lib/booking/types";

/** The owner may cancel (and is refunded) until this long before the start. */
export const CANCELLATION_NOTICE_HOURS = 24;

const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  PENDING_PAYMENT: "Awaiting payment",
  CONFIRMED: "Confirmed",
  EXPIRED: "Not booked (payment not completed)",
  CANCELLED: "Cancelled",
  REFUNDED: "Refunded (slot no longer available)",
};

/** What a booking screen selects (never the health notes). */
export const bookingViewSelect = {
  id: true,
  reference: true,
  startsAt: true,
  status: true,
  pricePence: true,
  invitationId: true,
  clientName: true,
  clientEmail: true,
  consultationType: { select: { name: true } },
} as const;

type BookingViewRow = {
  id: string;
  reference: string;
  startsAt: Date;
  status: BookingStatus;
  pricePence: number;
  invitationId: string | null;
  clientName: string;
  clientEmail: string;
  consultationType: { name: string };
};

export function canCancelBooking(row: { status: BookingStatus; startsAt: Date }, now: Date = new Date()): boolean {
  return row.status === "CONFIRMED" && row.startsAt.getTime() - now.getTime() >= CANCELLATION_NOTICE_HOURS * 3_600_000;
}

export function toBookingView(row: BookingViewRow, now: Date = new Date()): BookingView {
  const { date, time } = londonDateAndTime(row.startsAt);
  return {
    id: row.id,
    reference: row.reference,
    typeName: row.consultationType.name,
    date,
    time,
    dateLabel: formatWeekdayDate(date),
    startsAt: row.startsAt.toISOString(),
    status: row.status,
    statusLabel: BOOKING_STATUS_LABELS[row.status],
    pricePence: row.pricePence,
    feeWaived: row.invitationId !== null,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    canCancel: canCancelBooking(row, now),
  };
}
