"use client";

import { useRouter } from "next/navigation";
import { z } from "zod";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import { declineOrderSchema, dispatchOrderSchema, inviteOrderSchema } from "@/lib/validation/order-review";
import styles from "../../../prescriptions/[id]/_components/case-forms.module.css";

const noInput = z.object({});

/** A staff action on the order: the shared schema checks the form, the API acts, the page renders again. */
function useOrderAction<S extends z.ZodType>(orderId: string, action: string, schema: S, toInput?: (data: FormData) => unknown) {
  const router = useRouter();
  return useApiForm({ schema, path: `/api/staff/orders/${orderId}/${action}`, method: "POST", toInput, onSuccess: () => router.refresh() });
}

export function OrderButton({ orderId, action, label, busyLabel, secondary = false }: { orderId: string; action: "claim" | "release" | "dispense"; label: string; busyLabel: string; secondary?: boolean }) {
  const { status, submit, isSubmitting } = useOrderAction(orderId, action, noInput, () => ({}));
  return (
    <form className={styles.inline} onSubmit={submit} noValidate aria-label={label}>
      <button type="submit" className={`button${secondary ? " button-secondary" : ""}`} disabled={isSubmitting}>
        {isSubmitting ? busyLabel : label}
      </button>
      <FormStatusMessage status={status} />
    </form>
  );
}

export function InviteForm({ orderId, types }: { orderId: string; types: { slug: string; name: string }[] }) {
  const { status, errors, submit, isSubmitting } = useOrderAction(orderId, "invite", inviteOrderSchema);
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

export function DeclineOrderForm({ orderId }: { orderId: string }) {
  const { status, errors, submit, isSubmitting } = useOrderAction(orderId, "decline", declineOrderSchema);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="decline-heading">
      <h3 id="decline-heading" className={styles.formTitle}>
        Decline and refund
      </h3>
      <p className={styles.note}>The patient reads the reason in their account (it is never emailed) and is refunded in full at once.</p>
      <TextField id="decline-reason" name="reason" label="Reason for the patient" multiline rows={3} error={errors.reason} required disabled={isSubmitting} />
      <div>
        <button type="submit" className="button button-secondary" disabled={isSubmitting}>
          {isSubmitting ? "Declining..." : "Decline and refund"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}

export function DispatchForm({ orderId }: { orderId: string }) {
  const { status, errors, submit, isSubmitting } = useOrderAction(orderId, "dispatch", dispatchOrderSchema);
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
