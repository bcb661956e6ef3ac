import type { BookingView } from "./types";

// A consultation booking's progress for the patient's Orders page: booked, then the
// appointment (upcoming or held), or how it ended. Pure; exactly one step is current.

export type BookingStep = { key: string; label: string; detail: string; state: "done" | "current" | "upcoming"; at: string | null };

export function bookingSteps(booking: Pick<BookingView, "status" | "startsAt" | "dateLabel" | "time" | "feeWaived">, now: Date = new Date()): BookingStep[] {
  const when = `${booking.dateLabel} at ${booking.time} (UK time)`;
  switch (booking.status) {
    case "PENDING_PAYMENT":
      return [{ key: "payment", label: "Awaiting payment", detail: "Your time is held while you pay.", state: "current", at: null }];
    case "EXPIRED":
      return [{ key: "expired", label: "Not booked", detail: "The payment was not completed, so the time was released.", state: "current", at: null }];
    case "CANCELLED":
    case "REFUNDED":
      return [
        { key: "booked", label: "Booked", detail: when, state: "done", at: null },
        { key: "ended", label: booking.status === "REFUNDED" ? "Refunded" : "Cancelled", detail: booking.feeWaived ? "The appointment was cancelled." : "The appointment was cancelled and any payment refunded.", state: "current", at: null },
      ];
    case "CONFIRMED": {
      const held = new Date(booking.startsAt).getTime() <= now.getTime();
      return [
        { key: "booked", label: booking.feeWaived ? "Booked (no fee)" : "Booked and paid", detail: when, state: held ? "done" : "current", at: null },
        { key: "appointment", label: "Appointment", detail: held ? "Your appointment time has passed." : `We will email you the video link on the day.`, state: held ? "current" : "upcoming", at: booking.startsAt },
      ];
    }
  }
}
