"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { reviewActionSchema } from "@/lib/validation/staff-review";
import { SupplyBlockedNote } from "./supply-checks";
import { useStaffAction } from "./use-staff-action";
import styles from "./staff-forms.module.css";

type Props = { path: string; label: string; busyLabel: string; secondary?: boolean; blockedReason?: string | null };

/**
 * One button posting an action with no body: claim, release, dispense. With a blocked reason it
 * is disabled and says why. The form has no name of its own, so it is not a landmark: the
 * button says what it does, and a named form per row (the staff list) made a landmark each,
 * two of them identical when two people share a name (axe's landmark-unique).
 */
export function StaffActionButton({ path, label, busyLabel, secondary = false, blockedReason = null }: Props) {
  const { status, submit, isSubmitting } = useStaffAction(path, reviewActionSchema, () => ({}));
  const noteId = `${path.replace(/[^a-z0-9]+/gi, "-")}-blocked`;
  return (
    <form className={styles.inline} onSubmit={submit} noValidate>
      <button type="submit" className={`button${secondary ? " button-secondary" : ""}`} disabled={isSubmitting || blockedReason !== null} aria-describedby={blockedReason ? noteId : undefined}>
        {isSubmitting ? busyLabel : label}
      </button>
      {blockedReason ? <SupplyBlockedNote id={noteId} reason={blockedReason} /> : null}
      <FormStatusMessage status={status} />
    </form>
  );
}
