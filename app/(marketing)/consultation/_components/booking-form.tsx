"use client";

import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { firstErrorsFromApi, type FieldErrors } from "@/components/forms/field-errors";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import type { FormStatus } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { isWeekendDate } from "@/lib/booking/calendar-rules";
import type { ConsultationTypeOption } from "@/lib/booking/types";
import { isRequiredText, readBookingText, type RequiredText } from "./booking-input";
import { BookingActions } from "./booking-actions";
import { CHECKOUT_CANCELLED } from "./booking-messages";
import card from "@/components/forms/form-card.module.css";
import styles from "./booking-form.module.css";
import { ConsultationTypeField } from "./consultation-type-field";
import { openCheckout } from "@/lib/client/open-checkout";
import { payForConsultation } from "./pay-for-consultation";
import { ScheduleFields } from "@/components/booking/schedule/schedule-fields";
import { useSchedule } from "@/components/booking/schedule/use-schedule";
import { useReleaseCancelledBooking } from "./use-release-cancelled-booking";

type BookingFormProps = {
  /** Today in London (yyyy-MM-dd), worked out by the server for this request. */
  today: string;
  types: ConsultationTypeOption[];
  /** Set when the visitor came back from a cancelled checkout. */
  cancelledCheckout?: { bookingId: string | null } | null;
};

/** "Schedule Your Consultation": pick a weekday and a free time, then pay on the hosted checkout. */
/** The check before paying (zod and the server's schema), fetched on first use. */
const loadCheck = () => import("./check-booking-input");

export function BookingForm({ today, types, cancelledCheckout = null }: BookingFormProps) {
  const id = useId();
  const [filled, setFilled] = useState<Record<RequiredText, boolean>>({ client_name: false, client_email: false });
  const [type, setType] = useState(() => (types.find((t) => t.isDefault) ?? types[0])?.slug ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus>(
    cancelledCheckout ? { kind: "success", message: CHECKOUT_CANCELLED } : { kind: "idle" },
  );
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const schedule = useSchedule(type);
  const { date, time } = schedule;
  useReleaseCancelledBooking(cancelledCheckout !== null, cancelledCheckout?.bookingId ?? null);

  // The text fields are uncontrolled (TextField). The submit button only needs to know whether
  // name and email are filled in, so typing re-renders the form (and its calendar) only when
  // that changes; the values are read from the form on submit.
  function followText(event: ChangeEvent<HTMLFormElement>) {
    void loadCheck(); // fetched while the patient types, ready by the time they pay
    const { name, value } = event.target as unknown as HTMLInputElement;
    if (!isRequiredText(name)) return;
    const isFilled = value.trim() !== "";
    setFilled((current) => (current[name] === isFilled ? current : { ...current, [name]: isFilled }));
  }

  function pickType(slug: string) {
    setType(slug);
    schedule.reloadTimes(slug, { keepTime: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!date || isWeekendDate(date)) return schedule.showWeekendWarning();
    if (!time) return;
    const { checkBookingInput } = await loadCheck();
    const check = checkBookingInput({ text: readBookingText(form), date, time, type, today });
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) {
      flushSync(() => setStatus({ kind: "error", message: check.message }));
      focusFirstInvalid(form);
      return;
    }
    setIsSubmitting(true);
    setStatus({ kind: "idle" });
    const outcome = await payForConsultation(check.request);
    if (outcome.kind === "checkout") {
      setIsRedirecting(true);
      openCheckout(outcome.url);
    } else {
      flushSync(() => {
        setErrors(firstErrorsFromApi(outcome.errors));
        setStatus({ kind: "error", message: outcome.message });
      });
      focusFirstInvalid(form);
      if (outcome.isSlotTaken) schedule.reloadTimes(type, { keepTime: false });
    }
    setIsSubmitting(false);
  }

  const isBusy = isSubmitting || isRedirecting;
  const isComplete = Boolean(filled.client_name && filled.client_email && date && time && !isWeekendDate(date));
  const canSubmit = isComplete && !isBusy && !schedule.isLoadingTimes;

  return (
    <form className={`${card.card} ${styles.form}`} onSubmit={submit} onChange={followText} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={card.heading}>
        Schedule Your Consultation
      </h2>
      <div className={card.row}>
        <TextField id={`${id}-name`} name="client_name" label="Your name" autoComplete="name" required error={errors.client_name} />
        <TextField
          id={`${id}-email`}
          name="client_email"
          label="Email address"
          type="email"
          autoComplete="email"
          required
          error={errors.client_email}
        />
      </div>
      {types.length ? <ConsultationTypeField idPrefix={id} types={types} value={type} onChange={pickType} /> : null}
      <ScheduleFields idPrefix={id} today={today} {...schedule.fields} />
      <TextField
        id={`${id}-message`}
        name="hair_concerns"
        label="Additional message"
        multiline
        rows={3}
        error={errors.hair_concerns}
      />
      <BookingActions idPrefix={id} canSubmit={canSubmit} isBusy={isBusy} isComplete={isComplete} status={status} />
    </form>
  );
}
