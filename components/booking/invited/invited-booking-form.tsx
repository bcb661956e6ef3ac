"use client";

import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { readApiBody } from "@/components/forms/read-api-body";
import { TextField } from "@/components/forms/text-field";
import card from "@/components/forms/form-card.module.css";
import { ScheduleFields } from "@/components/booking/schedule/schedule-fields";
import { useSchedule } from "@/components/booking/schedule/use-schedule";
import { apiFetch } from "@/lib/client/api-fetch";

const BOOK_FAILED = "We could not book the consultation. Please try again.";

type Props = { invitationId: string; today: string; typeSlug: string };

/**
 * The free consultation a pharmacist invited the patient to: the same date and time pickers
 * as /consultation (components/booking/schedule), then POST /api/bookings with the invitation
 * (no payment).
 */
export function InvitedBookingForm({ invitationId, today, typeSlug }: Props) {
  const id = useId();
  const schedule = useSchedule(typeSlug);
  const { date, time } = schedule;
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [booked, setBooked] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!date || !time) return;
    const message = String(new FormData(event.currentTarget).get("hair_concerns") ?? "");
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch("/api/bookings", { method: "POST", json: { invitation_id: invitationId, date, time, hair_concerns: message } });
      const body = await readApiBody(response);
      if (!response.ok) {
        setStatus({ kind: "error", message: body.message ?? BOOK_FAILED });
        if (response.status === 409) schedule.reloadTimes(typeSlug, { keepTime: false });
        return;
      }
      const booking = body.booking as { dateLabel?: string; time?: string; reference?: string } | undefined;
      setBooked(`${booking?.dateLabel ?? date} at ${booking?.time ?? time} (UK time). Reference: ${booking?.reference ?? ""}`);
      setStatus({ kind: "success", message: "Your free consultation is booked." });
    } catch {
      setStatus({ kind: "error", message: BOOK_FAILED });
    }
  }

  if (booked) {
    return (
      <div className={card.card} role="status">
        <h2 className={card.heading}>Your free consultation is booked</h2>
        <p>{booked}. We have emailed you the details.</p>
        <Link href="/dashboard/orders" className="button">
          Back to your orders
        </Link>
      </div>
    );
  }

  const busy = status.kind === "submitting";
  return (
    <form className={card.card} style={{ display: "grid", gap: "var(--space-4)" }} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={card.heading}>
        Choose a time
      </h2>
      <ScheduleFields idPrefix={id} today={today} {...schedule.fields} />
      <TextField id={`${id}-message`} name="hair_concerns" label="Anything you would like us to know (optional)" multiline rows={3} disabled={busy} />
      <div>
        <button type="submit" className="button" disabled={!date || !time || busy}>
          {busy ? "Booking..." : "Book free consultation"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
