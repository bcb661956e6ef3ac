"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { reviewActionSchema } from "@/lib/validation/staff-review";
import { useStaffAction } from "./use-staff-action";
import styles from "./staff-forms.module.css";

type Props = { path: string; label: string; busyLabel: string; secondary?: boolean };

/** One button posting an action with no body: claim, release, dispense. */
export function StaffActionButton({ path, label, busyLabel, secondary = false }: Props) {
  const { status, submit, isSubmitting } = useStaffAction(path, reviewActionSchema, () => ({}));
  return (
    <form className={styles.inline} onSubmit={submit} noValidate aria-label={label}>
      <button type="submit" className={`button${secondary ? " button-secondary" : ""}`} disabled={isSubmitting}>
        {isSubmitting ? busyLabel : label}
      </button>
      <FormStatusMessage status={status} />
    </form>
  );
}
