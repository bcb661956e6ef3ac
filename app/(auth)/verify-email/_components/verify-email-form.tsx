"use client";

import { EmailedLinkForm } from "../../_components/emailed-link-form";

const VERIFY_ERROR = "We couldn't confirm your email address just now. Please try again.";

const verifyEmailSchema = async () => (await import("@/lib/validation/auth")).verifyEmailSchema;

/** The emailed verification link's button (POST /api/verify-email). */
export function VerifyEmailForm({ token }: { token: string }) {
  return (
    <EmailedLinkForm
      token={token}
      schema={verifyEmailSchema}
      path="/api/verify-email"
      failureMessage={VERIFY_ERROR}
      label="Confirm my email address"
      busyLabel="Confirming..."
      invalidLinkAction={
        <>
          You can get one from your <a href="/dashboard">dashboard</a> (to verify your address) or from{" "}
          <a href="/dashboard/account-settings">Account Settings</a> (to change it).
        </>
      }
    />
  );
}
