"use client";

import { apiFetch } from "@/lib/client/api-fetch";
import { useId, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { firstErrorsFromApi, firstErrorsFromIssues, type FieldErrors } from "@/components/forms/field-errors";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { readApiBody } from "@/components/forms/read-api-body";
import styles from "./newsletter-form.module.css";

export const NEWSLETTER_NETWORK_ERROR = "We couldn't sign you up just now. Please try again.";

/** Footer sign-up. The consent text comes from the server so zod loads only on submit. */
export function NewsletterForm({ consentText }: { consentText: string }) {
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();
  const emailErrorId = `${id}-email-error`;
  const consentErrorId = `${id}-consent-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const { createSubscriberSchema } = await import("@/lib/validation/newsletter");
    const parsed = createSubscriberSchema.safeParse({
      email: String(data.get("email") ?? ""),
      consent: data.get("consent") === "yes",
    });
    if (!parsed.success) {
      flushSync(() => setErrors(firstErrorsFromIssues(parsed.error.issues)));
      focusFirstInvalid(form);
      setStatus({ kind: "idle" });
      return;
    }
    setErrors({});
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch("/api/newsletter", { json: { email: parsed.data.email, consent: true } });
      const body = await readApiBody(response);
      if (response.status === 201) {
        form.reset();
        setStatus({ kind: "success", message: body.message ?? "Thanks for signing up." });
        return;
      }
      setErrors(firstErrorsFromApi(body.errors));
      setStatus({ kind: "error", message: body.message ?? NEWSLETTER_NETWORK_ERROR });
    } catch {
      setStatus({ kind: "error", message: NEWSLETTER_NETWORK_ERROR });
    }
  }

  const isSubmitting = status.kind === "submitting";

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-email`} className="field-label">
          Email address
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          className={`input ${styles.input}`}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? emailErrorId : undefined}
        />
        {errors.email ? (
          <p id={emailErrorId} className="field-error">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className={styles.consent}>
        <input
          id={`${id}-consent`}
          name="consent"
          type="checkbox"
          value="yes"
          required
          className={styles.checkbox}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? consentErrorId : undefined}
        />
        <label htmlFor={`${id}-consent`}>{consentText}</label>
      </div>
      {errors.consent ? (
        <p id={consentErrorId} className="field-error">
          {errors.consent}
        </p>
      ) : null}
      <button type="submit" className={`button ${styles.submit}`} disabled={isSubmitting}>
        {isSubmitting ? "Signing up..." : "Sign up"}
      </button>
      <FormStatusMessage status={status} className={styles.status} />
    </form>
  );
}
