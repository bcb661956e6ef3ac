"use client";

import { useId, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { firstErrorsFromApi, firstErrorsFromIssues, type FieldErrors } from "@/components/forms/field-errors";
import { allFieldMessages, joinAsSentences, messagesOf } from "@/components/forms/field-messages";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { readApiBody } from "@/components/forms/read-api-body";
import { TextField } from "@/components/forms/text-field";
import { apiFetch } from "@/lib/client/api-fetch";
import { navigateTo } from "@/lib/client/navigate";
import styles from "../../_components/auth-form.module.css";

export const REDIRECT_AFTER_REGISTER_MS = 1000;

const FIELDS = ["name", "email", "password", "password_confirmation"] as const;

/**
 * Creates an account through POST /api/register, then sends the visitor to log in. The
 * guest's cart follows on the server (by its HttpOnly cookie), so no guest_id is sent.
 * method="post", as on every form with a password: a submit before hydration must not put
 * the password in the URL.
 */
export function RegisterForm() {
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
    const data = new FormData(form);
    const input = Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? "")]));
    const { registerUserSchema, PASSWORDS_DO_NOT_MATCH } = await import("@/lib/validation/auth");
    // The spec's rule comes first: a mismatch is reported and nothing is sent.
    if (input.password !== input.password_confirmation) {
      return fail(form, PASSWORDS_DO_NOT_MATCH, { password_confirmation: PASSWORDS_DO_NOT_MATCH });
    }
    const parsed = registerUserSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = firstErrorsFromIssues(parsed.error.issues);
      return fail(form, joinAsSentences(messagesOf(fieldErrors)), fieldErrors);
    }
    setErrors({});
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch("/api/register", { json: parsed.data });
      const body = await readApiBody(response);
      if (response.ok) {
        setStatus({ kind: "success", message: body.message ?? "Thank you for registering. Please log in to continue." });
        window.setTimeout(() => navigateTo("/login"), REDIRECT_AFTER_REGISTER_MS);
        return;
      }
      const messages = allFieldMessages(body.errors);
      if (response.status === 422 && messages.length) {
        return fail(form, joinAsSentences(messages), firstErrorsFromApi(body.errors));
      }
      fail(form, `Registration failed: ${body.message ?? "Unknown error"}`);
    } catch (error) {
      fail(form, `Registration failed: ${error instanceof Error && error.message ? error.message : "Unknown error"}`);
    }
  }

  const isBusy = status.kind === "submitting" || status.kind === "success";
  const field = (name: (typeof FIELDS)[number]) => ({ id: `${id}-${name}`, name, error: errors[name], required: true, disabled: isBusy });

  return (
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <TextField {...field("name")} label="Name" autoComplete="name" />
      <TextField {...field("email")} label="Email" type="email" autoComplete="email" />
      <PasswordField {...field("password")} label="Password" autoComplete="new-password" />
      <PasswordField {...field("password_confirmation")} label="Confirm password" autoComplete="new-password" />
      <FormStatusMessage status={status} className={styles.status} />
      <button type="submit" className={`button ${styles.submit}`} disabled={isBusy}>
        {status.kind === "submitting" ? "Registering..." : "Register"}
      </button>
    </form>
  );
}
