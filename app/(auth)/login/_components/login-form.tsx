"use client";

import { useId, useState } from "react";
import { firstErrorsFromApi } from "@/components/forms/field-errors";
import { allFieldMessages, messagesOf } from "@/components/forms/field-messages";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { TextField } from "@/components/forms/text-field";
import { useApiForm, type ApiAnswer, type ApiFormOutcome } from "@/components/forms/use-api-form";
import { safeReturnPath } from "@/lib/auth/return-path";
import { navigateTo } from "@/lib/client/navigate";
import styles from "../../_components/auth-form.module.css";
import { SecondFactorStep } from "./second-factor-step";
import { INVALID_CREDENTIALS, LOGIN_SUCCESS, NO_TOKEN, REDIRECT_AFTER_LOGIN_MS } from "./login-copy";

export { INVALID_CREDENTIALS, LOGIN_SUCCESS, NO_TOKEN,  };

function loginOutcome({ ok, status, body }: ApiAnswer): ApiFormOutcome {
  if (ok && body.second_factor_required === true && typeof body.challenge === "string") return { kind: "success", message: "" };
  if (ok) {
    return typeof body.token === "string" && body.token !== "" ? { kind: "success", message: LOGIN_SUCCESS } : { kind: "error", message: NO_TOKEN };
  }
  if (status === 422) {
    return { kind: "error", message: `Validation failed: ${allFieldMessages(body.errors).join(" ")}`, errors: firstErrorsFromApi(body.errors) };
  }
  if (status === 401) return { kind: "error", message: INVALID_CREDENTIALS };
  return { kind: "error", message: `Login failed: ${body.message ?? `the server answered ${status}.`}` };
}

/**
 * Signs in through POST /api/login. The session is the HttpOnly cookie that answer sets;
 * the token in its body is only checked for, never kept. The form's method is POST so that a
 * submit before hydration re-renders the page instead of putting the password in the URL.
 */
export function LoginForm({ returnTo }: { returnTo: string }) {
  const id = useId();
  const [secondStep, setSecondStep] = useState<{ challenge: string; enrolmentRequired: boolean } | null>(null);
  const { status, errors, submit } = useApiForm({
    schema: async () => (await import("@/lib/validation/auth")).logInSchema,
    path: "/api/login",
    method: "POST",
    invalidMessage: (fieldErrors) => `Validation failed: ${messagesOf(fieldErrors).join(" ")}`,
    interpret: loginOutcome,
    networkMessage: (error) => `Login failed: ${error instanceof Error ? error.message : String(error)}`,
    onSuccess: (body) => {
      // An account with a second factor (all staff): no session yet, the code step comes next.
      if (body.second_factor_required === true && typeof body.challenge === "string") {
        setSecondStep({ challenge: body.challenge, enrolmentRequired: body.enrolment_required === true });
        return;
      }
      window.setTimeout(() => navigateTo(safeReturnPath(returnTo)), REDIRECT_AFTER_LOGIN_MS);
    },
  });

  if (secondStep) return <SecondFactorStep {...secondStep} returnTo={returnTo} />;

  // After success the form stays locked while the redirect is pending.
  const isBusy = status.kind === "submitting" || status.kind === "success";

  return (
    <form className={styles.form} method="post" onSubmit={submit} noValidate>
      <TextField id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" required disabled={isBusy} error={errors.email} />
      <PasswordField id={`${id}-password`} name="password" label="Password" autoComplete="current-password" required disabled={isBusy} error={errors.password} />
      <FormStatusMessage status={status} className={styles.status} />
      <button type="submit" className={`button ${styles.submit}`} disabled={isBusy}>
        {status.kind === "submitting" ? "Authenticating..." : "Log in"}
      </button>
    </form>
  );
}
