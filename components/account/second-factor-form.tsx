"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { PasswordField } from "@/components/forms/password-field";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { readApiBody } from "@/components/forms/read-api-body";
import { RecoveryCodes } from "@/components/second-factor/recovery-codes";
import { TotpSetup, type TotpSetupData } from "@/components/second-factor/totp-setup";
import { apiFetch } from "@/lib/client/api-fetch";
import { disableTotpSchema, enableTotpSchema } from "@/lib/validation/second-factor";
import styles from "./account-forms.module.css";

type Props = { enabled: boolean; required: boolean; recoveryCodesLeft: number };

/**
 * Two-step sign-in (TOTP) in Account Settings: optional for patients (turn on with a code from
 * the new authenticator; off with the password and a code), always on for staff.
 */
export function SecondFactorForm({ enabled, required, recoveryCodesLeft }: Props) {
  return (
    <section className={styles.form} aria-labelledby="second-factor-heading">
      <h3 id="second-factor-heading">Two-step sign-in</h3>
      {enabled ? (
        <>
          <p>
            <strong>On.</strong> Signing in asks for a code from your authenticator app after your password. {recoveryCodesLeft} unused
            recovery {recoveryCodesLeft === 1 ? "code" : "codes"} left.
          </p>
          {required ? <p className={styles.hint}>Staff accounts always use two-step sign-in. If you lose your phone, ask an administrator to reset it.</p> : <TurnOff />}
        </>
      ) : (
        <TurnOn />
      )}
    </section>
  );
}

function TurnOn() {
  const router = useRouter();
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: enableTotpSchema,
    path: "/api/account/second-factor",
    method: "POST",
    onSuccess: (body) => setCodes(Array.isArray(body.recovery_codes) ? (body.recovery_codes as string[]) : []),
  });

  async function start() {
    setStarting(true);
    setStartError(null);
    try {
      const response = await apiFetch("/api/account/second-factor/setup", { method: "POST", json: {} });
      const body = await readApiBody(response);
      if (response.ok) setSetup(body as unknown as TotpSetupData);
      else setStartError(body.message ?? "We could not start the setup. Please try again.");
    } catch {
      setStartError("We could not reach the server. Please check your connection and try again.");
    } finally {
      setStarting(false);
    }
  }

  if (codes) {
    return (
      <>
        <FormStatusMessage status={status} />
        <RecoveryCodes codes={codes} headingLevel={4} />
        <div className={styles.actions}>
          <button type="button" className="button" onClick={() => router.refresh()}>
            I have saved my recovery codes
          </button>
        </div>
      </>
    );
  }
  if (!setup) {
    return (
      <>
        <p>Off. Add a code from an authenticator app to your sign-in, so a stolen password alone cannot open your account.</p>
        <div className={styles.actions}>
          <button type="button" className="button button-secondary" onClick={start} disabled={starting}>
            {starting ? "Preparing..." : "Turn on two-step sign-in"}
          </button>
        </div>
        {startError ? <p className="form-message-error" role="alert">{startError}</p> : null}
      </>
    );
  }
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label="Confirm your authenticator">
      <TotpSetup setup={setup} />
      <TextField id="second-factor-code" name="code" label="Authentication code" autoComplete="one-time-code" required disabled={isSubmitting} error={errors.code} />
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Checking..." : "Turn on"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}

const SIX_DIGITS = /^\s*\d{3}\s?\d{3}\s*$/;

function TurnOff() {
  const router = useRouter();
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: disableTotpSchema,
    path: "/api/account/second-factor/disable",
    method: "POST",
    // One box takes either: six digits are an app code, anything else a recovery code.
    toInput: (data) => {
      const proof = String(data.get("proof") ?? "");
      return { password: data.get("password"), ...(SIX_DIGITS.test(proof) ? { code: proof } : { recovery_code: proof }) };
    },
    onSuccess: () => router.refresh(),
  });
  const proofError = errors.code ?? errors.recovery_code;
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label="Turn off two-step sign-in">
      <PasswordField id="second-factor-password" name="password" label="Password" autoComplete="current-password" required disabled={isSubmitting} error={errors.password} />
      <TextField id="second-factor-proof" name="proof" label="Code from your app, or a recovery code" autoComplete="one-time-code" required disabled={isSubmitting} error={proofError} />
      <div className={styles.actions}>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? "Turning off..." : "Turn off two-step sign-in"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
