"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { focusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormStatusMessage, type FormStatus } from "@/components/forms/form-status-message";
import { ProgressPhotoInputs } from "@/components/progress-photos/progress-photo-inputs";
import { uploadProgressPhotos, type ProgressPhotoField } from "@/components/progress-photos/upload-progress-photos";
import styles from "@/components/progress-photos/progress-photos.module.css";

/** Today's three photos, each beside its framing guide, sent as one multipart form. */
export function ProgressUploadForm() {
  const router = useRouter();
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<Partial<Record<ProgressPhotoField, string>>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setErrors({});
    setStatus({ kind: "submitting" });
    const saved = await uploadProgressPhotos(data);
    if (!saved.ok) {
      flushSync(() => {
        setErrors(saved.errors);
        setStatus({ kind: "error", message: saved.message });
      });
      focusFirstInvalid(form);
      return;
    }
    form.reset();
    setStatus({ kind: "success", message: saved.message });
    router.refresh();
  }

  const busy = status.kind === "submitting";
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-photos-heading" className={styles.guides}>
      <ProgressPhotoInputs idPrefix="progress" errors={errors} disabled={busy} />
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Saving..." : "Save today's photos"}
        </button>
        <FormStatusMessage status={status} />
      </div>
    </form>
  );
}
