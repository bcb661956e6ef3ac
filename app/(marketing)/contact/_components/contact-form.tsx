"use client";

import { apiFetch } from "@/lib/client/api-fetch";
import { useId, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { firstErrorsFromApi, firstErrorsFromIssues, type FieldErrors } from "@/components/forms/field-errors";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { readApiBody } from "@/components/forms/read-api-body";
import { TextField } from "@/components/forms/text-field";
import styles from "./contact-form.module.css";

export const CONTACT_SEND_ERROR = "We couldn't send your message just now. Please try again.";

const FIELDS = ["name", "email", "subject", "message"] as const;

/** Validates in the browser with the server's schema, then posts to /api/contact. */
export function ContactForm() {
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? "")]));
    const { createContactMessageSchema, CONTACT_THANK_YOU } = await import("@/lib/validation/contact");
    const parsed = createContactMessageSchema.safeParse(input);
    if (!parsed.success) {
      flushSync(() => setErrors(firstErrorsFromIssues(parsed.error.issues)));
      focusFirstInvalid(form);
      setStatus({ kind: "error", message: "Please check the highlighted fields." });
      return;
    }
    setErrors({});
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch("/api/contact", { json: parsed.data });
      if (response.status === 201) {
        form.reset();
        setStatus({ kind: "success", message: CONTACT_THANK_YOU });
        return;
      }
      const body = await readApiBody(response);
      flushSync(() => {
        setErrors(firstErrorsFromApi(body.errors));
        setStatus({ kind: "error", message: body.message ?? CONTACT_SEND_ERROR });
      });
      focusFirstInvalid(form);
    } catch {
      setStatus({ kind: "error", message: CONTACT_SEND_ERROR });
    }
  }

  const isSubmitting = status.kind === "submitting";
  const field = (name: (typeof FIELDS)[number]) => ({ id: `${id}-${name}`, name, error: errors[name], required: true });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className={styles.heading}>
        Send us a message
      </h2>
      <div className={styles.row}>
        <TextField {...field("name")} label="Name" autoComplete="name" />
        <TextField {...field("email")} label="Email" type="email" autoComplete="email" />
      </div>
      <TextField {...field("subject")} label="Subject" />
      <TextField {...field("message")} label="Message" multiline rows={6} />
      <FormStatusMessage status={status} className={styles.status} />
      <button type="submit" className={`button ${styles.submit}`} disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send message"}
      </button>
    </form>
  );
}
