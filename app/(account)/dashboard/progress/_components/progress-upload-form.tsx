"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import { PROGRESS_VIEWS } from "@/lib/progress-photos/views";
import { FramingGuide } from "./framing-guide";
import styles from "@/components/progress-photos/progress-photos.module.css";

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
type Field = (typeof PROGRESS_VIEWS)[number]["field"];

function problem(file: File | null, label: string): string | undefined {
  if (!file || file.size === 0) return `Add the photo of your ${label.toLowerCase()}.`;
  if (!["image/jpeg", "image/png"].includes(file.type)) return "Please choose a JPEG or PNG image.";
  if (file.size > MAX_PHOTO_BYTES) return "The photo must be 10 MB or smaller.";
  return undefined;
}

/** Today's three photos, each beside its framing guide, sent as one multipart form. */
export function ProgressUploadForm() {
  const router = useRouter();
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function fail(form: HTMLFormElement, message: string, fieldErrors: Partial<Record<Field, string>> = {}) {
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
    const payload = new FormData();
    const fieldErrors: Partial<Record<Field, string>> = {};
    for (const view of PROGRESS_VIEWS) {
      const value = data.get(view.field);
      const file = value instanceof File ? value : null;
      const found = problem(file, view.label);
      if (found) fieldErrors[view.field] = found;
      else payload.append(view.field, file!);
    }
    if (Object.keys(fieldErrors).length) return fail(form, "Please check the highlighted photos.", fieldErrors);
    setErrors({});
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch("/api/progress-photos", { form: payload });
      const body = await readApiBody(response);
      if (!response.ok) return fail(form, body.message ?? "We could not save your photos. Please try again.", Object.fromEntries(Object.entries(body.errors ?? {}).map(([key, value]) => [key, value?.[0]])));
      form.reset();
      setStatus({ kind: "success", message: body.message ?? "Your progress photos are saved." });
      router.refresh();
    } catch {
      fail(form, "We could not reach the server. Please check your connection and try again.");
    }
  }

  const busy = status.kind === "submitting";
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-photos-heading" className={styles.guides}>
      {PROGRESS_VIEWS.map((view) => {
        const id = `progress-${view.field}`;
        const error = errors[view.field];
        return (
          <div key={view.key} className={styles.guide}>
            <FramingGuide view={view.key} />
            <label htmlFor={id} className="field-label">
              {view.label}
            </label>
            <p id={`${id}-guide`} className={styles.hint}>
              {view.guide}
            </p>
            <input
              id={id}
              name={view.field}
              type="file"
              accept="image/jpeg,image/png"
              required
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-guide${error ? ` ${id}-error` : ""}`}
            />
            {error ? (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Saving..." : "Save today's photos"}
        </button>
        <FormStatusMessage status={status} />
      </div>
    </form>
  );
}
