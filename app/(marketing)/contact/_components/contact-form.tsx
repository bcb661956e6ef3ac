"use client";

import { useId } from "react";
import { FormStatusMessage } from "@/components/forms/form-status-message";
import { TextField } from "@/components/forms/text-field";
import { useApiForm } from "@/components/forms/use-api-form";
import card from "@/components/forms/form-card.module.css";
import styles from "./contact-form.module.css";

export const CONTACT_SEND_ERROR = "We couldn't send your message just now. Please try again.";

// Loaded on the first submit, so the prerendered page ships without zod.
const loadContactRules = () => import("@/lib/validation/contact");

type Field = "name" | "email" | "subject" | "message";

/** Validates in the browser with the server's schema, then posts to /api/contact. */
export function ContactForm() {
  const id = useId();
  const { status, errors, submit, isSubmitting } = useApiForm({
    schema: async () => (await loadContactRules()).createContactMessageSchema,
    path: "/api/contact",
    method: "POST",
    failureMessage: CONTACT_SEND_ERROR,
    interpret: async ({ ok }) => (ok ? { kind: "success", message: (await loadContactRules()).CONTACT_THANK_YOU } : undefined),
    onSuccess: (_body, form) => form.reset(),
  });

  const field = (name: Field) => ({ id: `${id}-${name}`, name, error: errors[name], required: true });

  return (
    <form className={`${card.card} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className={card.heading}>
        Send us a message
      </h2>
      <div className={card.row}>
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
