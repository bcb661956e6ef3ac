import type { Question, StepAnswer } from "@/lib/questionnaire/types";
import styles from "./questionnaire-form.module.css";

type ChoiceListProps = {
  question: Question;
  choice: StepAnswer["choice"];
  onChange: (choice: StepAnswer["choice"]) => void;
  invalid: boolean;
  disabled: boolean;
};

/** Radio buttons, or checkboxes for a multi-select question; the fieldset's legend names them. */
export function ChoiceList({ question, choice, onChange, invalid, disabled }: ChoiceListProps) {
  const multi = question.kind === "multi";
  const picked = Array.isArray(choice) ? choice : choice === null ? [] : [choice];

  function toggle(option: string, checked: boolean) {
    if (!multi) return onChange(option);
    const next = checked ? [...picked, option] : picked.filter((value) => value !== option);
    onChange(next.length ? (question.options ?? []).filter((value) => next.includes(value)) : null);
  }

  return (
    <div className={styles.options}>
      {(question.options ?? []).map((option) => (
        <label key={option} className={styles.option}>
          <input
            type={multi ? "checkbox" : "radio"}
            name={question.id}
            value={option}
            checked={picked.includes(option)}
            onChange={(event) => toggle(option, event.target.checked)}
            aria-invalid={invalid || undefined}
            disabled={disabled}
          />
          <span>{option}</span>
        </label>
      ))}
    </div>
  );
}
