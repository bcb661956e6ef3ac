"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useApiForm } from "@/components/forms/use-api-form";
import { londonToday } from "@/lib/format/dates";
import type { ReceivedTreatment } from "@/lib/server/side-effects/types";
import { isSerious, RED_FLAGS, SEVERITIES, SEVERITY_HINTS, SEVERITY_LABELS, type Severity } from "@/lib/side-effects/rules";
import { reportSideEffectSchema, SIDE_EFFECT_TEXT_MAX } from "@/lib/validation/side-effects";
import styles from "./side-effects.module.css";

function toInput(data: FormData) {
  return {
    treatment: data.get("treatment") ?? "",
    description: data.get("description") ?? "",
    startedOn: data.get("startedOn") ?? "",
    severity: data.get("severity") ?? undefined,
    redFlags: data.getAll("redFlags"),
  };
}

/** The patient's report: which treatment, what happened, since when, how severe, and any red-flag symptoms. */
export function ReportSideEffectForm({ treatments }: { treatments: ReceivedTreatment[] }) {
  const router = useRouter();
  const [severity, setSeverity] = useState<Severity | null>(null);
  const [flags, setFlags] = useState<string[]>([]);
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: reportSideEffectSchema,
    path: "/api/side-effects",
    method: "POST",
    toInput,
    onSuccess: (body) => {
      const report = body.report as { id?: string } | undefined;
      if (report?.id) router.push(`/dashboard/side-effects/${report.id}?reported=1`);
    },
  });
  const serious = severity !== null && isSerious(severity, flags);
  const describedBy = (id: string, error?: string, hint?: string) => [hint, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="se-treatment" className="field-label">
          Which treatment is it about?
        </label>
        <select
          id="se-treatment"
          name="treatment"
          className="input"
          defaultValue=""
          disabled={isSubmitting}
          aria-invalid={errors.treatment ? true : undefined}
          aria-describedby={describedBy("se-treatment", errors.treatment)}
        >
          <option value="" disabled>
            Choose a treatment
          </option>
          {treatments.map((treatment) => (
            <option key={treatment.key} value={treatment.key}>
              {treatment.name} · {treatment.detail}
            </option>
          ))}
        </select>
        {errors.treatment ? (
          <p id="se-treatment-error" className="field-error">
            {errors.treatment}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor="se-description" className="field-label">
          What happened?
        </label>
        <p id="se-description-hint" className={styles.hint}>
          Describe the side effect in your own words: what you noticed, how often, and anything that makes it better or worse.
        </p>
        <textarea
          id="se-description"
          name="description"
          rows={5}
          className="input"
          maxLength={SIDE_EFFECT_TEXT_MAX}
          disabled={isSubmitting}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy("se-description", errors.description, "se-description-hint")}
        />
        {errors.description ? (
          <p id="se-description-error" className="field-error">
            {errors.description}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor="se-started" className="field-label">
          When did it start?
        </label>
        <input
          id="se-started"
          name="startedOn"
          type="date"
          className="input"
          max={londonToday()}
          disabled={isSubmitting}
          aria-invalid={errors.startedOn ? true : undefined}
          aria-describedby={describedBy("se-started", errors.startedOn)}
        />
        {errors.startedOn ? (
          <p id="se-started-error" className="field-error">
            {errors.startedOn}
          </p>
        ) : null}
      </div>

      <fieldset className={styles.choices} tabIndex={-1} aria-invalid={errors.severity ? true : undefined} aria-describedby={errors.severity ? "se-severity-error" : undefined}>
        <legend>How severe is it?</legend>
        {SEVERITIES.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name="severity"
              value={value}
              disabled={isSubmitting}
              onChange={() => setSeverity(value)}
             
            />
            <span>
              <strong>{SEVERITY_LABELS[value]}</strong>: {SEVERITY_HINTS[value]}
            </span>
          </label>
        ))}
        {errors.severity ? (
          <p id="se-severity-error" className="field-error">
            {errors.severity}
          </p>
        ) : null}
      </fieldset>

      <fieldset className={styles.choices}>
        <legend>Do you have any of these now, or have you had them since it started?</legend>
        <p className={styles.hint}>Tick any that apply. Leave them all empty if none do.</p>
        {RED_FLAGS.map((flag) => (
          <label key={flag.id} className={styles.choice}>
            <input
              type="checkbox"
              name="redFlags"
              value={flag.id}
              disabled={isSubmitting}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setFlags((current) => (checked ? [...current, flag.id] : current.filter((id) => id !== flag.id)));
              }}
            />
            <span>{flag.label}</span>
          </label>
        ))}
      </fieldset>

      {serious || flags.length ? (
        <p className="form-message-error">
          <strong>These symptoms need help now: call 999</strong> (or NHS 111 for urgent advice) as well as sending this report.
        </p>
      ) : null}

      <div>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Send report"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
