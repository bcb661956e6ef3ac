"use client";

import { useId } from "react";
import { firstErrorsFromApi } from "@/components/forms/field-errors";
import { allFieldMessages, joinAsSentences, messagesOf } from "@/components/forms/field-messages";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { TextField } from "@/components/forms/text-field";
import { useApiForm, type ApiAnswer, type ApiFormOutcome } from "@/components/forms/use-api-form";
import { navigateTo } from "@/lib/client/navigate";
import styles from "../../_components/auth-form.module.css";

const REDIRECT_AFTER_REGISTER_MS = 1000;

type Field = "name" | "email" | "password" | "password_confirmation";

// The spec's copy (section 8, "Register"): 422 field messages joined with ". ", otherwise
// "Registration failed: " and the server's message.
function registerOutcome({ ok, status, body }: ApiAnswer): ApiFormOutcome {
  if (ok) return { kind: "success", message: body.message ?? "Thank you for registering. Please log in to continue." };
  const messages = allFieldMessages(body.errors);
  if (status === 422 && messages.length) return { kind: "error", message: joinAsSentences(messages), errors: firstErrorsFromApi(body.errors) };
  return { kind: "error", message: `Registration failed: ${body.message ?? "Unknown error"}` };
}

/**
 * Creates an account through POST /api/register, then sends the visitor to log in. The
 * guest's cart follows on the server (by its HttpOnly cookie), so no guest_id is sent.
 * method="post", as on every form with a password: a submit before hydration must not put
 * the password in the URL.
 */
export function RegisterForm() {
  const id = useId();
  const { status, errors, submit } = useApiForm({
    // Mismatched passwords are reported first and alone, and nothing is sent.
    schema: async () => (await import("@/lib/validation/auth")).registerFormSchema,
    path: "/api/register",
    method: "POST",
    invalidMessage: (fieldErrors) => joinAsSentences(messagesOf(fieldErrors)),
    interpret: registerOutcome,
    networkMessage: (error) => `Registration failed: ${error instanceof Error && error.message ? error.message : "Unknown error"}`,
    onSuccess: () => window.setTimeout(() => navigateTo("/login"), REDIRECT_AFTER_REGISTER_MS),
  });

  const isBusy = status.kind === "submitting" || status.kind === "success";
  const field = (name: Field) => ({ id: `${id}-${name}`, name, error: errors[name], required: true, disabled: isBusy });

  return (
    <form className={styles.form} method="post" onSubmit={submit} noValidate>
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
