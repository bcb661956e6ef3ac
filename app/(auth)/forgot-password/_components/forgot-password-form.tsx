"use client";

import { useId, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { firstErrorsFromApi, firstErrorsFromIssues, type FieldErrors } from "@/components/forms/field-errors";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { readApiBody } from "@/components/forms/read-api-body";
import { TextField } from "@/components/forms/text-field";
import { apiFetch } from "@/lib/client/api-fetch";
import styles from "../../_components/auth-form.module.css";

export const RESET_REQUEST_ERROR = "We couldn't send the reset link just now. Please try again.";

/** Asks POST /api/forgot-password for a reset link; the answer is the same for any address. */
export function ForgotPasswordForm() {
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();

  function fail(form: HTMLFormElement, message: string, fieldErrors: FieldErrors = {}) {
    flushSync(() => {
      setErrors(fieldErrors);
      setStatus({ kind: "error", message });
    });
    focusFirstInvalid(form);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { requestPasswordResetSchema } = await import("@/lib/validation/auth");
    const parsed = requestPasswordResetSchema.safeParse({ email: String(new FormData(form).get("email") ?? "") });
    if (!parsed.success) {
      const fieldErrors = firstErrorsFromIssues(parsed.error.issues);
      return fail(form, fieldErrors.email ?? RESET_REQUEST_ERROR, fieldErrors);
    }
    setErrors({});
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch("/api/forgot-password", { json: parsed.data });
      const body = await readApiBody(response);
      if (response.ok) {
        setStatus({ kind: "success", message: body.message ?? "Check your email for a link to reset your password." });
        return;
      }
      fail(form, body.message ?? RESET_REQUEST_ERROR, firstErrorsFromApi(body.errors));
    } catch {
      fail(form, RESET_REQUEST_ERROR);
    }
  }

  const isSubmitting = status.kind === "submitting";

  return (
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <TextField id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" disabled={isSubmitting} error={errors.email} />
      <FormStatusMessage status={status} className={styles.status} />
      <button type="submit" className={`button ${styles.submit}`} disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send reset link"}
      </button>
    </form>
  );
}
