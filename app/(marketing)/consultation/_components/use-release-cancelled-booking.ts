"use client";

import { useEffect, useRef } from "react";
import { apiFetch } from "@/lib/client/api-fetch";

/**
 * Back from a cancelled checkout (?checkout=cancelled&booking=<id>): frees the held slot at
 * once rather than when the session expires, and takes the query out of the address bar so
 * a reload or a shared link does not repeat it. A failed release is ignored: the hold then
 * ends with the session anyway. Runs once per page load.
 */
export function useReleaseCancelledBooking(isCancelled: boolean, bookingId: string | null) {
  const done = useRef(false);
  useEffect(() => {
    if (!isCancelled || done.current) return;
    done.current = true;
    if (bookingId) {
      apiFetch(`/api/consultations/bookings/${encodeURIComponent(bookingId)}/release`, { method: "POST" }).catch(() => {});
    }
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${hash}`);
  }, [isCancelled, bookingId]);
}
