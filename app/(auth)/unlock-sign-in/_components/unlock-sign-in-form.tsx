"use client";

import { EmailedLinkForm } from "../../_components/emailed-link-form";

const UNLOCK_ERROR = "We couldn't unlock sign-in just now. Please try again.";

const unlockSignInSchema = async () => (await import("@/lib/validation/auth")).unlockSignInSchema;

/** The emailed unlock link's button (POST /api/unlock-sign-in). */
export function UnlockSignInForm({ token }: { token: string }) {
  return (
    <EmailedLinkForm
      token={token}
      schema={unlockSignInSchema}
      path="/api/unlock-sign-in"
      failureMessage={UNLOCK_ERROR}
      label="Unlock sign-in"
      busyLabel="Unlocking..."
      successAction={<a href="/login">Log in now</a>}
      invalidLinkAction={
        <>
          Or choose a new password from <a href="/forgot-password">Forgot your password?</a>
        </>
      }
    />
  );
}
