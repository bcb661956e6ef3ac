import { PROGRESS_VIEWS } from "@/lib/progress-photos/views";
import { FramingGuide } from "./framing-guide";
import type { ProgressPhotoField } from "./upload-progress-photos";
import styles from "./progress-photos.module.css";

/**
 * The three progress photo inputs, each under its framing guide and instruction (the same
 * framing every time is what makes sets comparable). Used by the progress page and by a
 * hair-loss check-in; the caller's form sends them (upload-progress-photos.ts).
 */
export function ProgressPhotoInputs({ idPrefix, errors, disabled, groupErrorId }: { idPrefix: string; errors: Partial<Record<ProgressPhotoField, string>>; disabled: boolean; groupErrorId?: string }) {
  return PROGRESS_VIEWS.map((view) => {
    const id = `${idPrefix}-${view.field}`;
    const error = errors[view.field];
    // An error about the set as a whole (shown by the caller, under groupErrorId) marks every input.
    const describedBy = [`${id}-guide`, error ? `${id}-error` : null, groupErrorId ?? null].filter(Boolean).join(" ");
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
          disabled={disabled}
          aria-invalid={error || groupErrorId ? true : undefined}
          aria-describedby={describedBy}
        />
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  });
}
