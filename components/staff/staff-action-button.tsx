"use client";

import { z } from "zod";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { useCaseAction } from "./use-case-action";
import styles from "./case-forms.module.css";

const noInput = z.object({});

/** "Claim this case" / "Release the case": one button posting to claim or release. */
export function ClaimButton({ caseId, action, label, busyLabel, secondary = false }: { caseId: string; action: "claim" | "release"; label: string; busyLabel: string; secondary?: boolean }) {
  const { status, submit, isSubmitting } = useCaseAction(caseId, action, noInput, () => ({}));
  return (
    <form className={styles.inline} onSubmit={submit} noValidate aria-label={label}>
      <button type="submit" className={`button${secondary ? " button-secondary" : ""}`} disabled={isSubmitting}>
        {isSubmitting ? busyLabel : label}
      </button>
      <FormStatusMessage status={status} />
    </form>
  );
}
