"use client";

import { useState } from "react";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import type { BookingView } from "@/lib/booking/types";
import { apiFetch } from "@/lib/client/api-fetch";
import { StatusTimeline } from "@/components/prescriptions/status-timeline";
import { bookingSteps } from "@/lib/booking/booking-steps";
import { BookingSummary } from "./booking-summary";
import styles from "./booking-list.module.css";

const CONFIRM_CANCEL = "Cancel this appointment? A paid appointment is refunded in full.";

/** The dashboard's consultation bookings, each with Cancel while it can still be cancelled. */
export function BookingList({ initialBookings }: { initialBookings: BookingView[] }) {
  const [bookings, setBookings] = useState(initialBookings);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });

  async function cancel(booking: BookingView) {
    if (!window.confirm(CONFIRM_CANCEL)) return;
    setBusyId(booking.id);
    setStatus({ kind: "submitting" });
    try {
      const res = await apiFetch(`/api/consultations/bookings/${booking.id}/cancel`, { method: "POST" });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) {
        setStatus({ kind: "error", message: body.message ?? "We could not cancel the appointment. Please try again." });
        return;
      }
      setBookings((current) => current.map((b) => (b.id === booking.id ? body.booking : b)));
      setStatus({ kind: "success", message: body.message });
    } catch {
      setStatus({ kind: "error", message: "We could not cancel the appointment. Please check your connection and try again." });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <>
      <ul className={styles.list}>
        {bookings.map((booking) => (
          <li key={booking.id} className={styles.item}>
            <BookingSummary booking={booking} />
            <StatusTimeline steps={bookingSteps(booking)} label={`Progress of appointment ${booking.reference}`} compact />
            {booking.canCancel ? (
              <button
                type="button"
                className={`button button-secondary ${styles.cancel}`}
                disabled={busyId !== null}
                onClick={() => cancel(booking)}
                aria-label={`Cancel appointment ${booking.reference}`}
              >
                {busyId === booking.id ? "Cancelling..." : "Cancel appointment"}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <FormStatusMessage status={status} className={styles.status} />
    </>
  );
}
