import { useId } from "react";
import { isIsoDate } from "@/lib/questionnaire/age";
import type { Question } from "@/lib/questionnaire/types";
import styles from "./questionnaire-form.module.css";

type DateAnswerProps = {
  question: Question;
  value: string;
  onChange: (text: string) => void;
  labelledBy: string;
  describedBy?: string;
  today: string;
  invalid: boolean;
  disabled: boolean;
};

/** A date typed as YYYY-MM-DD, or picked from the browser's calendar (up to today). */
export function DateAnswer({ question, value, onChange, labelledBy, describedBy, today, invalid, disabled }: DateAnswerProps) {
  const pickerId = useId();
  return (
    <div className={styles.dateFields}>
      <input
        type="text"
        className="input"
        inputMode="numeric"
        maxLength={10}
        placeholder={question.textBoxPlaceholder ?? "YYYY-MM-DD"}
        autoComplete={question.autoComplete ?? "off"}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid || undefined}
        disabled={disabled}
      />
      <div className="field">
        <label htmlFor={pickerId} className={styles.subLabel}>
          Or choose it from a calendar
        </label>
        <input
          id={pickerId}
          type="date"
          className="input"
          max={today}
          value={isIsoDate(value) ? value : ""}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
