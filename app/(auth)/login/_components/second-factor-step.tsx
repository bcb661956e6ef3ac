"use client";

import { useEffect, useId, useState } from "react";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm, type ApiAnswer, type ApiFormOutcome } from "@/components/forms/use-api-form";
import { readApiBody } from "@/components/forms/read-api-body";
import { RecoveryCodes } from "@/components/second-factor/recovery-codes";
import { TotpSetup, type TotpSetupData } from "@/components/second-factor/totp-setup";
import { safeReturnPath } from "@/lib/auth/return-path";
import { apiFetch } from "@/lib/client/api-fetch";
import { navigateTo } from "@/lib/client/navigate";
import { secondFactorLogInSchema } from "@/lib/validation/second-factor";
import styles from "../../_components/auth-form.module.css";
import { LOGIN_SUCCESS, NO_TOKEN, REDIRECT_AFTER_LOGIN_MS } from "./login-copy";

type Props = { challenge: string; enrolmentRequired: boolean; returnTo: string };

function outcome({ ok, status, body }: ApiAnswer): ApiFormOutcome | undefined {
  if (ok) return typeof body.token === "string" ? { kind: "success", message: LOGIN_SUCCESS } : { kind: "error", message: NO_TOKEN };
  if (status === 401) return { kind: "error", message: body.message ?? "Please sign in again." };
  return undefined;
}

/**
 * The sign-in's second step (after a right password): a code from the authenticator app or a
 * recovery code; for staff without an authenticator, setting one up first (QR code and key),
 * then the recovery codes, shown once.
 */
export function SecondFactorStep({ challenge, enrolmentRequired, returnTo }: Props) {
  const id = useId();
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const next = safeReturnPath(returnTo);

  useEffect(() => {
    if (!enrolmentRequired) return;
    void (async () => {
      try {
        const response = await apiFetch("/api/login/second-factor/enrolment", { method: "POST", json: { challenge } });
        const body = await readApiBody(response);
        if (response.ok) setSetup(body as unknown as TotpSetupData);
        else setSetupError(body.message ?? "We could not start setting up your authenticator. Please sign in again.");
      } catch {
        setSetupError("We could not reach the server. Please check your connection and try again.");
      }
    })();
  }, [challenge, enrolmentRequired]);

  const { status, errors, submit } = useApiForm({
    schema: secondFactorLogInSchema,
    path: "/api/login/second-factor",
    method: "POST",
    toInput: (data) => ({ challenge, code: data.get("code") ?? undefined, recovery_code: data.get("recovery_code") ?? undefined }),
    interpret: outcome,
    onSuccess: (body) => {
      if (Array.isArray(body.recovery_codes)) setRecoveryCodes(body.recovery_codes as string[]);
      else window.setTimeout(() => navigateTo(next), REDIRECT_AFTER_LOGIN_MS);
    },
  });
  const isBusy = status.kind === "submitting" || status.kind === "success";

  if (recoveryCodes) {
    return (
      <div className={styles.form}>
        <p className="form-message-success" role="status">
          Your authenticator is set up and you are signed in.
        </p>
        <RecoveryCodes codes={recoveryCodes} headingLevel={2} />
        <button type="button" className={`button ${styles.submit}`} onClick={() => navigateTo(next)}>
          I have saved my recovery codes – continue
        </button>
      </div>
    );
  }

  return (
    <form className={styles.form} method="post" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{enrolmentRequired ? "Set up two-step sign-in" : "Two-step sign-in"}</h2>
      {enrolmentRequired ? (
        <>
          <p>Staff accounts sign in with a code from an authenticator app as well as the password.</p>
          {setup ? <TotpSetup setup={setup} /> : <p role={setupError ? "alert" : undefined}>{setupError ?? "Preparing your QR code…"}</p>}
        </>
      ) : (
        <p>{useRecovery ? "Enter one of your recovery codes. Each works once." : "Enter the 6-digit code from your authenticator app."}</p>
      )}
      {useRecovery ? (
        <TextField key="recovery" id={`${id}-recovery`} name="recovery_code" label="Recovery code" autoComplete="off" required disabled={isBusy} error={errors.recovery_code} />
      ) : (
        <TextField key="code" id={`${id}-code`} name="code" label="Authentication code" autoComplete="one-time-code" required disabled={isBusy || (enrolmentRequired && !setup)} error={errors.code} />
      )}
      <FormStatusMessage status={status} className={styles.status} />
      <button type="submit" className={`button ${styles.submit}`} disabled={isBusy || (enrolmentRequired && !setup)}>
        {status.kind === "submitting" ? "Checking..." : enrolmentRequired ? "Confirm and sign in" : "Verify and sign in"}
      </button>
      {enrolmentRequired ? null : (
        <button type="button" className="button button-secondary" onClick={() => setUseRecovery((value) => !value)} disabled={isBusy}>
          {useRecovery ? "Use a code from my authenticator app" : "Use a recovery code instead"}
        </button>
      )}
    </form>
  );
}
