"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { photoProblem } from "@/components/forms/photo-problem";
import { readApiBody } from "@/components/forms/read-api-body";
import { formatLongDate } from "@/lib/format/dates";
import { apiFetch } from "@/lib/client/api-fetch";
import type { PatientWeightStep } from "@/lib/server/weight-verification/types";
import styles from "./weight-step.module.css";


/**
 * The patient's part of the weight check for a weight-loss medicine: a full-length photo on
 * scales with today's date handwritten, or the choice of a video consultation instead. The
 * order waits for the pharmacist until one of them lets them record a verified weight.
 */
export function WeightStep({ reference, step }: { reference: string; step: PatientWeightStep }) {
  const router = useRouter();
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const busy = status.kind === "submitting";
  const last = step.lastEvidence;

  function fail(form: HTMLFormElement | null, message: string, field: string | null = null) {
    flushSync(() => {
      setPhotoError(field);
      setStatus({ kind: "error", message });
    });
    if (form) focusFirstInvalid(form);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = new FormData(form).get("photo");
    const file = chosen instanceof File && chosen.size > 0 ? chosen : null;
    const problem = photoProblem(file);
    if (problem) return fail(form, problem, problem);
    const payload = new FormData();
    payload.append("photo", file!);
    setPhotoError(null);
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch(`/api/orders/${reference}/weight-photo`, { form: payload });
      const body = await readApiBody(response);
      if (!response.ok) return fail(form, body.message ?? "We could not send your photo. Please try again.", body.message ?? null);
      form.reset();
      setStatus({ kind: "success", message: body.message ?? "Your photo has been sent." });
      router.refresh();
    } catch {
      fail(form, "We could not reach the server. Please check your connection and try again.");
    }
  }

  async function chooseVideo() {
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch(`/api/orders/${reference}/weight-video-consultation`, { method: "POST" });
      const body = await readApiBody(response);
      if (!response.ok) return fail(null, body.message ?? "We could not save your choice. Please try again.");
      window.location.assign(typeof body.booking_url === "string" ? body.booking_url : "/consultation");
    } catch {
      fail(null, "We could not reach the server. Please check your connection and try again.");
    }
  }

  if (step.verified) return <p>Our pharmacist has verified your weight for this order. Thank you.</p>;
  if (!step.open) return <p>No weight check is needed for this order now.</p>;
  return (
    <div className={styles.step}>
      <p>
        {step.medicine} is only supplied on a weight our pharmacist has checked: the height and weight you entered in the assessment are not
        enough on their own. Send a photo, or book a video consultation instead.
      </p>
      {last ? (
        <p className={styles.sent} role="note">
          {last.kind === "PHOTO"
            ? `You sent a photo on ${formatLongDate(last.at)}. Our pharmacist will check it; you may send a clearer one if you like.`
            : `You chose a video consultation on ${formatLongDate(last.at)}. Our pharmacist will check your weight on the call.`}
        </p>
      ) : null}
      <form className={styles.form} onSubmit={send} noValidate aria-labelledby="weight-photo-heading">
        <h3 id="weight-photo-heading">Send your weight verification photo</h3>
        <ol id="weight-photo-instructions" className={styles.instructions}>
          <li>Stand on your scales, barefoot, in light clothing.</li>
          <li>Hold a piece of paper with today&apos;s date handwritten on it.</li>
          <li>Ask someone to take one full-length photo showing all of you, the paper and the reading on the scales.</li>
        </ol>
        <div className="field">
          <label htmlFor="weight-photo" className="field-label">
            Your photo
          </label>
          <p id="weight-photo-hint" className={styles.hint}>
            JPEG or PNG, up to 10 MB. Only our pharmacists see it.
          </p>
          <input
            id="weight-photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png"
            className={styles.file}
            disabled={busy}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={`weight-photo-instructions weight-photo-hint${photoError ? " weight-photo-error" : ""}`}
          />
          {photoError ? (
            <p id="weight-photo-error" className="field-error">
              {photoError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={`button ${styles.submit}`} disabled={busy}>
          {busy ? "Sending..." : "Send photo"}
        </button>
      </form>
      <div className={styles.alternative}>
        <h3 id="weight-video-heading">Or book a video consultation instead</h3>
        <p>A pharmacist watches you step on your scales on a video call. You pick the time on the next page.</p>
        <button type="button" className="button button-secondary" disabled={busy} onClick={chooseVideo} aria-describedby="weight-video-heading">
          Book a video consultation instead
        </button>
      </div>
      <FormStatusMessage status={status} />
    </div>
  );
}
