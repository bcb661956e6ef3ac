"use client";

import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { firstErrorsFromApi, firstErrorsFromIssues, type FieldErrors } from "@/components/forms/field-errors";
import { joinAsSentences, messagesOf } from "@/components/forms/field-messages";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { PasswordField } from "@/components/forms/password-field";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import styles from "../../_components/auth-form.module.css";

export const RESET_ERROR = "We couldn't change your password just now. Please try again.";

type State =
  | { kind: "idle" | "submitting" }
  | { kind: "done"; message: string }
  | { kind: "error"; message: string; isLinkInvalid: boolean };

/** Sets a new password with the token from the emailed link (POST /api/reset-password). */
export function ResetPasswordForm({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();

  function fail(form: HTMLFormElement, message: string, fieldErrors: FieldErrors = {}) {
    const { token: tokenError, ...passwordErrors } = fieldErrors;
    flushSync(() => {
      setErrors(passwordErrors);
      setState({ kind: "error", message: tokenError ?? message, isLinkInvalid: tokenError !== undefined });
    });
    focusFirstInvalid(form);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = { token, password: String(data.get("password") ?? ""), password_confirmation: String(data.get("password_confirmation") ?? "") };
    const { resetPasswordSchema, PASSWORDS_DO_NOT_MATCH } = await import("@/lib/validation/auth");
    if (input.password !== input.password_confirmation) {
      return fail(form, PASSWORDS_DO_NOT_MATCH, { password_confirmation: PASSWORDS_DO_NOT_MATCH });
    }
    const parsed = resetPasswordSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = firstErrorsFromIssues(parsed.error.issues);
      return fail(form, joinAsSentences(messagesOf(fieldErrors)), fieldErrors);
    }
    setErrors({});
    setState({ kind: "submitting" });
    try {
      const response = await apiFetch("/api/reset-password", { json: parsed.data });
      const body = await readApiBody(response);
      if (response.ok) {
        setState({ kind: "done", message: body.message ?? "Your password has been changed." });
        return;
      }
      fail(form, body.message ?? RESET_ERROR, firstErrorsFromApi(body.errors));
    } catch {
      fail(form, RESET_ERROR);
    }
  }

  const isLocked = state.kind === "submitting" || state.kind === "done";

  return (
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <PasswordField id={`${id}-password`} name="password" label="New password" autoComplete="new-password" required disabled={isLocked} error={errors.password} />
      <PasswordField
        id={`${id}-password_confirmation`}
        name="password_confirmation"
        label="Confirm new password"
        autoComplete="new-password"
        required
        disabled={isLocked}
        error={errors.password_confirmation}
      />
      <div className={styles.status}>
        <div role="status">
          {state.kind === "done" ? (
            <p className="form-message-success">
              {state.message} <Link href="/login">Log in</Link>
            </p>
          ) : null}
        </div>
        {state.kind === "error" ? (
          <p role="alert" className="form-message-error">
            {state.message}
            {state.isLinkInvalid ? (
              <>
                {" "}
                <Link href="/forgot-password">Ask for a new link</Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <button type="submit" className={`button ${styles.submit}`} disabled={isLocked}>
        {state.kind === "submitting" ? "Saving..." : "Set new password"}
      </button>
    </form>
  );
}
