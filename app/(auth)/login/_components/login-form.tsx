"use client";

import { useId, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { firstErrorsFromApi, firstErrorsFromIssues, type FieldErrors } from "@/components/forms/field-errors";
import { allFieldMessages, messagesOf } from "@/components/forms/field-messages";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { readApiBody } from "@/components/forms/read-api-body";
import { TextField } from "@/components/forms/text-field";
import { safeReturnPath } from "@/lib/auth/return-path";
import { apiFetch } from "@/lib/client/api-fetch";
import { navigateTo } from "@/lib/client/navigate";
import styles from "../../_components/auth-form.module.css";

// Copy from the spec's error catalogue (section 8, "Login").
export const LOGIN_SUCCESS = "Login successful!";
export const NO_TOKEN = "No token received from server";
export const INVALID_CREDENTIALS = "Invalid credentials";
export const REDIRECT_AFTER_LOGIN_MS = 1500;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Signs in through POST /api/login. The session is the HttpOnly cookie that answer sets;
 * the token in its body is only checked for, never kept. The form's method is POST so that a
 * submit before hydration re-renders the page instead of putting the password in the URL.
 */
export function LoginForm({ returnTo }: { returnTo: string }) {
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
    const { logInSchema } = await import("@/lib/validation/auth");
    const parsed = logInSchema.safeParse({ email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") });
    if (!parsed.success) {
      const fieldErrors = firstErrorsFromIssues(parsed.error.issues);
      fail(form, `Validation failed: ${messagesOf(fieldErrors).join(" ")}`, fieldErrors);
      return;
    }
    setErrors({});
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch("/api/login", { json: parsed.data });
      const body = await readApiBody(response);
      if (response.ok) {
        if (typeof body.token !== "string" || body.token === "") return fail(form, NO_TOKEN);
        setStatus({ kind: "success", message: LOGIN_SUCCESS });
        window.setTimeout(() => navigateTo(safeReturnPath(returnTo)), REDIRECT_AFTER_LOGIN_MS);
        return;
      }
      if (response.status === 422) {
        return fail(form, `Validation failed: ${allFieldMessages(body.errors).join(" ")}`, firstErrorsFromApi(body.errors));
      }
      if (response.status === 401) return fail(form, INVALID_CREDENTIALS);
      fail(form, `Login failed: ${body.message ?? `the server answered ${response.status}.`}`);
    } catch (error) {
      fail(form, `Login failed: ${errorText(error)}`);
    }
  }

  // After success the form stays locked while the redirect is pending.
  const isBusy = status.kind === "submitting" || status.kind === "success";

  return (
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <TextField id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" required disabled={isBusy} error={errors.email} />
      <PasswordField id={`${id}-password`} name="password" label="Password" autoComplete="current-password" required disabled={isBusy} error={errors.password} />
      <FormStatusMessage status={status} className={styles.status} />
      <button type="submit" className={`button ${styles.submit}`} disabled={isBusy}>
        {status.kind === "submitting" ? "Authenticating..." : "Log in"}
      </button>
    </form>
  );
}
