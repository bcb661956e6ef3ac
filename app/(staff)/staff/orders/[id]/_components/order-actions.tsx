"use client";

import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import styles from "@/components/staff/staff-forms.module.css";
import { useStaffAction } from "@/components/staff/use-staff-action";
import { dispatchOrderSchema, inviteOrderSchema } from "@/lib/validation/order-review";

export function InviteForm({ orderId, types }: { orderId: string; types: { slug: string; name: string }[] }) {
  const { status, errors, submit, isSubmitting } = useStaffAction(`/api/staff/orders/${orderId}/invite`, inviteOrderSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <h3 id="invite-heading" className={styles.formTitle}>
        Invite to a free consultation
      </h3>
      <p className={styles.note}>The fee is waived. The patient books from their account; the order waits until you decide.</p>
      <div className="field">
        <label htmlFor="invite-type" className="field-label">
          Consultation
        </label>
        <select id="invite-type" name="consultation_type" className="input" disabled={isSubmitting} aria-invalid={errors.consultation_type ? true : undefined} aria-describedby={errors.consultation_type ? "invite-type-error" : undefined}>
          {types.map((type) => (
            <option key={type.slug} value={type.slug}>
              {type.name}
            </option>
          ))}
        </select>
        {errors.consultation_type ? (
          <p id="invite-type-error" className="field-error">
            {errors.consultation_type}
          </p>
        ) : null}
      </div>
      <TextField id="invite-note" name="note" label="Note for the patient (optional)" multiline rows={2} error={errors.note} disabled={isSubmitting} />
      <div>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? "Inviting..." : "Invite to a consultation"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}

export function DispatchForm({ orderId }: { orderId: string }) {
  const { status, errors, submit, isSubmitting } = useStaffAction(`/api/staff/orders/${orderId}/dispatch`, dispatchOrderSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="dispatch-heading">
      <h3 id="dispatch-heading" className={styles.formTitle}>
        Mark dispatched
      </h3>
      <TextField id="tracking-reference" name="tracking_reference" label="Tracking reference" error={errors.tracking_reference} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Mark dispatched"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
