"use client";

import { useRouter } from "next/navigation";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { sideEffectMessageSchema } from "@/lib/validation/side-effects";
import styles from "./side-effects.module.css";

/** A message in a report's thread: `path` is the patient's or the staff's endpoint. */
export function SideEffectMessageForm({ path, label, submitLabel }: { path: string; label: string; submitLabel: string }) {
  const router = useRouter();
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: sideEffectMessageSchema,
    path,
    method: "POST",
    onSuccess: (_body, form) => {
      form.reset();
      router.refresh();
    },
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField id="side-effect-message" name="body" label={label} multiline rows={4} error={errors.body} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : submitLabel}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
