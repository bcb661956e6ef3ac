"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useApiForm } from "@/components/forms/use-api-form";
import { startIdentityVerificationSchema } from "@/lib/validation/identity";

/** Opens the identity provider's page (a new check, or the one already started). */
export function StartIdentityCheck({ label }: { label: string }) {
  const { status, submit, isSubmitting } = useApiForm({
    schema: startIdentityVerificationSchema,
    path: "/api/identity/verification",
    method: "POST",
    onSuccess: (body) => {
      if (typeof body.url === "string") window.location.assign(body.url);
    },
    interpret: ({ ok }) => (ok ? { kind: "success", message: "Opening the identity check…" } : undefined),
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Identity check">
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? "Opening..." : label}
      </button>
      <FormStatusMessage status={status} />
    </form>
  );
}
