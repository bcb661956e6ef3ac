import { useId } from "react";
import { joinMeasurements, splitMeasurements } from "@/lib/questionnaire/bmi";
import styles from "./questionnaire-form.module.css";

type MeasurementsAnswerProps = {
  /** "<height cm>;<weight kg>" as stored. */
  value: string;
  onChange: (text: string) => void;
  describedBy?: string;
  invalid: boolean;
  disabled: boolean;
};

/** Height and weight, each with its own label; the BMI is worked out on the server from them. */
export function MeasurementsAnswer({ value, onChange, describedBy, invalid, disabled }: MeasurementsAnswerProps) {
  const heightId = useId();
  const weightId = useId();
  const { height, weight } = splitMeasurements(value);
  const shared = { type: "text", className: "input", inputMode: "decimal" as const, autoComplete: "off", maxLength: 5, "aria-describedby": describedBy || undefined, "aria-invalid": invalid || undefined, disabled };
  return (
    <div className={styles.dateFields}>
      <div className="field">
        <label htmlFor={heightId} className={styles.subLabel}>
          Height (cm)
        </label>
        <input id={heightId} {...shared} value={height} onChange={(event) => onChange(joinMeasurements(event.target.value, weight))} />
      </div>
      <div className="field">
        <label htmlFor={weightId} className={styles.subLabel}>
          Weight (kg)
        </label>
        <input id={weightId} {...shared} value={weight} onChange={(event) => onChange(joinMeasurements(height, event.target.value))} />
      </div>
    </div>
  );
}
