"use client";

import { useRouter } from "next/navigation";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import type { GpDetailsView } from "@/lib/server/gp/types";
import { saveGpDetailsSchema } from "@/lib/validation/gp";
import styles from "./gp-details-form.module.css";

/**
 * The patient's GP practice (name, address, email if known) and their yes/no consent to share:
 * one form for /dashboard/gp (PUT /api/gp) and the GP step beside an assessment (PUT
 * /api/questionnaires/{id}/gp, which also keeps a guest's answers). Why we ask: GPhC guidance
 * for registered pharmacies providing pharmacy services at a distance (February 2025) expects
 * us, with the patient's consent, to tell their GP what we supply.
 */
export function GpDetailsForm({ gp, path = "/api/gp" }: { gp: GpDetailsView | null; path?: string }) {
  const router = useRouter();
  const { status, errors, submit, isSubmitting } = useApiForm({ schema: saveGpDetailsSchema, path, method: "PUT", onSuccess: () => router.refresh() });
  const consentError = errors.consent;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="gp-form-heading">
      <h3 id="gp-form-heading">Your GP practice</h3>
      <TextField id="gp-practice-name" name="practice_name" label="Practice name" defaultValue={gp?.practiceName} error={errors.practice_name} required disabled={isSubmitting} autoComplete="off" />
      <TextField id="gp-address-line1" name="address_line1" label="Address line 1" defaultValue={gp?.addressLine1} error={errors.address_line1} required disabled={isSubmitting} autoComplete="off" />
      <TextField id="gp-address-line2" name="address_line2" label="Address line 2 (optional)" defaultValue={gp?.addressLine2} error={errors.address_line2} disabled={isSubmitting} autoComplete="off" />
      <TextField id="gp-town" name="town" label="Town or city" defaultValue={gp?.town} error={errors.town} required disabled={isSubmitting} autoComplete="off" />
      <TextField id="gp-postcode" name="postcode" label="Postcode" defaultValue={gp?.postcode} error={errors.postcode} required disabled={isSubmitting} autoComplete="off" />
      <TextField id="gp-email" name="email" type="email" label="Practice email (optional)" defaultValue={gp?.email} error={errors.email} disabled={isSubmitting} autoComplete="off" />
      <p className={styles.hint}>If you do not know the practice&apos;s email, leave it empty: we post the letter instead.</p>
      <fieldset className={styles.fieldset} aria-describedby={consentError ? "gp-consent-error" : "gp-consent-hint"} aria-invalid={consentError ? true : undefined}>
        <legend className="field-label">May we tell your GP about the medicines we supply to you?</legend>
        <p id="gp-consent-hint" className={styles.hint}>
          We send your GP a letter saying what was prescribed, why and at what dose, so your medical record stays complete. For weight-loss medicines such as Mounjaro we need your consent, or the prescriber must record why supplying without it is still safe.
        </p>
        {(["yes", "no"] as const).map((value) => (
          <div key={value} className={styles.option}>
            <input id={`gp-consent-${value}`} type="radio" name="consent" value={value} defaultChecked={gp ? gp.consentToShare === (value === "yes") : false} disabled={isSubmitting} />
            <label htmlFor={`gp-consent-${value}`}>{value === "yes" ? "Yes, tell my GP" : "No, do not contact my GP"}</label>
          </div>
        ))}
        {consentError ? (
          <p id="gp-consent-error" className="field-error">
            {consentError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save GP details"}
        </button>
      </div>
      <FormStatusMessage status={status} />
    </form>
  );
}
