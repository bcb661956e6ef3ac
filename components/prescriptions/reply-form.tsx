"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { readApiBody } from "@/components/forms/read-api-body";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { apiFetch } from "@/lib/client/api-fetch";
import { REPLY_MAX_LENGTH, replyToPrescriberSchema } from "@/lib/validation/prescription-reply";
import { photoProblem } from "@/components/forms/photo-problem";
import styles from "./reply-form.module.css";

type Errors = { body?: string; photo?: string };

/**
 * The patient's answer to a prescriber's question: text (required) and an optional photo,
 * sent as one multipart form. Rendered by the request page in every state (`open` while the
 * prescriber waits), so that after sending it stays mounted through the page's refresh and
 * shows (and focuses) the confirmation while the timeline and thread update around it.
 */
export function ReplyForm({ requestId, open }: { requestId: string; open: boolean }) {
  const router = useRouter();
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<Errors>({});
  const [length, setLength] = useState(0);
  const busy = status.kind === "submitting";

  function fail(form: HTMLFormElement, message: string, fieldErrors: Errors = {}) {
    flushSync(() => {
      setErrors(fieldErrors);
      setStatus({ kind: "error", message });
    });
    focusFirstInvalid(form);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const photo = data.get("photo");
    const file = photo instanceof File && photo.size > 0 ? photo : null;
    const parsed = replyToPrescriberSchema.safeParse({ body: data.get("body") });
    const fieldErrors: Errors = { body: parsed.success ? undefined : parsed.error.issues[0]?.message, photo: file && file.size > 0 ? (photoProblem(file) ?? undefined) : undefined };
    if (fieldErrors.body || fieldErrors.photo) return fail(form, "Please check the highlighted fields.", fieldErrors);
    const payload = new FormData();
    payload.append("body", parsed.data!.body);
    if (file) payload.append("photo", file);
    setErrors({});
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch(`/api/prescriptions/${requestId}/messages`, { form: payload });
      const body = await readApiBody(response);
      if (!response.ok) {
        const photoError = response.status === 413 || response.status === 415 || (response.status === 422 && !body.errors?.body);
        return fail(form, body.message ?? "We could not send your answer. Please try again.", photoError ? { photo: body.message } : { body: body.errors?.body?.[0] });
      }
      setSent(body.message ?? "Your answer has been sent.");
      router.refresh();
    } catch {
      fail(form, "We could not reach the server. Please check your connection and try again.");
    }
  }

  if (sent) {
    return (
      <div role="status">
        <p ref={sentRef} tabIndex={-1} className="form-message-success">
          {sent} Your request is back in review.
        </p>
      </div>
    );
  }
  if (!open) return null;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="reply-heading">
      <h3 id="reply-heading">Your answer</h3>
      <div className="field">
        <label htmlFor="reply-body" className="field-label">
          Answer the prescriber&apos;s question
        </label>
        <textarea
          id="reply-body"
          name="body"
          rows={6}
          className="input"
          required
          maxLength={REPLY_MAX_LENGTH}
          disabled={busy}
          onChange={(event) => setLength(event.currentTarget.value.length)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`reply-body-count${errors.body ? " reply-body-error" : ""}`}
        />
        <p id="reply-body-count" className={styles.hint}>
          {length} of {REPLY_MAX_LENGTH} characters
        </p>
        {errors.body ? (
          <p id="reply-body-error" className="field-error">
            {errors.body}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="reply-photo" className="field-label">
          Add a photo (optional)
        </label>
        <p id="reply-photo-hint" className={styles.hint}>
          JPEG or PNG, up to 10 MB, if the prescriber asked for one.
        </p>
        <input
          id="reply-photo"
          name="photo"
          type="file"
          accept="image/jpeg,image/png"
          className={styles.file}
          disabled={busy}
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={`reply-photo-hint${errors.photo ? " reply-photo-error" : ""}`}
        />
        {errors.photo ? (
          <p id="reply-photo-error" className="field-error">
            {errors.photo}
          </p>
        ) : null}
      </div>
      <button type="submit" className={`button ${styles.submit}`} disabled={busy}>
        {busy ? "Sending..." : "Send answer"}
      </button>
      <FormStatusMessage status={status} />
    </form>
  );
}
