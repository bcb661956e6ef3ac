"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { formatLongDate } from "@/lib/format/dates";
import { ProgressPhotoInputs } from "@/components/progress-photos/progress-photo-inputs";
import { uploadProgressPhotos, type ProgressPhotoField } from "@/components/progress-photos/upload-progress-photos";
import photoStyles from "@/components/progress-photos/progress-photos.module.css";
import styles from "./check-in-form.module.css";

const ERROR_ID = "progress_photos-error";

/**
 * A hair-loss check-in's three progress photos, inside the check-in form: saved first as a
 * normal progress photo set (same upload, EXIF stripping and owner-only access as the
 * progress page), then sent with the answers by its id (progress_photo_set_id), which the
 * server links to the check-in. `error` is the server's sentence when none was sent;
 * `onSaved` lets the form clear it once the photos are saved.
 */
export function CheckInProgressPhotos({ error, disabled, onSaved }: { error?: string; disabled: boolean; onSaved?: () => void }) {
  const group = useRef<HTMLFieldSetElement>(null);
  const [saved, setSaved] = useState<{ id: string; takenAt: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ message: string; errors: Partial<Record<ProgressPhotoField, string>> } | null>(null);

  async function save() {
    const fieldset = group.current;
    if (!fieldset) return;
    const data = new FormData();
    for (const input of fieldset.querySelectorAll<HTMLInputElement>('input[type="file"]')) if (input.files?.[0]) data.append(input.name, input.files[0]);
    setSaving(true);
    setProblem(null);
    const result = await uploadProgressPhotos(data);
    flushSync(() => {
      setSaving(false);
      if (result.ok) setSaved(result.set);
      else setProblem({ message: result.message, errors: result.errors });
    });
    if (result.ok) onSaved?.();
    else fieldset.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  const message = problem?.message ?? (saved ? undefined : error);
  const fieldErrors = problem?.errors ?? {};
  return (
    <fieldset ref={group} className={styles.fieldset} aria-describedby="progress-photos-hint">
      <legend className="field-label">Your progress photos</legend>
      <p id="progress-photos-hint" className={styles.hint}>
        Your prescriber compares them with your earlier photos. Take all three in good light, with dry hair styled as usual, framed as shown. JPEG or PNG, up to 10 MB each;
        location and camera details are removed.
      </p>
      {saved ? (
        <>
          <input type="hidden" name="progress_photo_set_id" value={saved.id} />
          <p className="form-message-success" role="status">
            Your three photos of {formatLongDate(saved.takenAt)} are saved and will be sent with this check-in.
          </p>
          <p>
            <button type="button" className="button button-secondary" onClick={() => setSaved(null)} disabled={disabled}>
              Choose different photos
            </button>
          </p>
        </>
      ) : (
        <>
          <div className={photoStyles.guides}>
            <ProgressPhotoInputs idPrefix="check-in-photo" errors={fieldErrors} disabled={disabled || saving} groupErrorId={message && !Object.keys(fieldErrors).length ? ERROR_ID : undefined} />
          </div>
          {message ? (
            <p id={ERROR_ID} className="field-error">
              {message}
            </p>
          ) : null}
          <p>
            <button type="button" className="button button-secondary" onClick={save} disabled={disabled || saving}>
              {saving ? "Saving..." : "Save these photos"}
            </button>
          </p>
        </>
      )}
    </fieldset>
  );
}
