"use client";

import { useId } from "react";
import { firstErrorsFromApi } from "@/components/forms/field-errors";
import { joinAsSentences, messagesOf } from "@/components/forms/field-messages";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { useApiForm, type ApiAnswer, type ApiFormOutcome } from "@/components/forms/use-api-form";
import styles from "../../_components/auth-form.module.css";

const RESET_ERROR = "We couldn't change your password just now. Please try again.";

// A refused link (errors.token) is the message itself; the form then offers a new link.
function resetOutcome({ ok, body }: ApiAnswer): ApiFormOutcome {
  if (ok) return { kind: "success", message: body.message ?? "Your password has been changed." };
  const errors = firstErrorsFromApi(body.errors);
  return { kind: "error", message: errors.token ?? body.message ?? RESET_ERROR, errors };
}

/** Sets a new password with the token from the emailed link (POST /api/reset-password). */
export function ResetPasswordForm({ token }: { token: string }) {
  const id = useId();
  const { status, errors, submit } = useApiForm({
    // Mismatched passwords are reported first and alone, and nothing is sent.
    schema: async () => (await import("@/lib/validation/auth")).resetPasswordFormSchema,
    path: "/api/reset-password",
    method: "POST",
    toInput: (data) => ({ token, password: String(data.get("password") ?? ""), password_confirmation: String(data.get("password_confirmation") ?? "") }),
    invalidMessage: (fieldErrors) => fieldErrors.token ?? joinAsSentences(messagesOf(fieldErrors)),
    interpret: resetOutcome,
    failureMessage: RESET_ERROR,
  });

  const isLocked = status.kind === "submitting" || status.kind === "success";
  const isLinkInvalid = status.kind === "error" && errors.token !== undefined;

  return (
    <form className={styles.form} method="post" onSubmit={submit} noValidate>
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
      <FormStatusMessage
        status={status}
        className={styles.status}
        successAction={<a href="/login">Log in</a>}
        errorAction={isLinkInvalid ? <a href="/forgot-password">Ask for a new link</a> : null}
      />
      <button type="submit" className={`button ${styles.submit}`} disabled={isLocked}>
        {status.kind === "submitting" ? "Saving..." : "Set new password"}
      </button>
    </form>
  );
}
