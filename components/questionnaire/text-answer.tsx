import { DEFAULT_PLACEHOLDER, MAX_TEXT_LENGTH } from "@/lib/questionnaire/messages";
import type { Question } from "@/lib/questionnaire/types";

type TextAnswerProps = {
  question: Question;
  value: string;
  onChange: (text: string) => void;
  /** Set for a text question: the legend is the label. */
  labelledBy?: string;
  /** Set for the extra text box of a choice question. */
  id?: string;
  describedBy?: string;
  invalid: boolean;
  disabled: boolean;
};

/** A text question's answer, or the extra text box of a choice question. */
export function TextAnswer({ question, value, onChange, labelledBy, id, describedBy, invalid, disabled }: TextAnswerProps) {
  const singleLine = question.kind === "text" && question.singleLine;
  const shared = {
    id,
    className: "input",
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    placeholder: question.textBoxPlaceholder ?? (singleLine ? undefined : DEFAULT_PLACEHOLDER),
    maxLength: question.maxLength ?? MAX_TEXT_LENGTH,
    autoComplete: question.autoComplete ?? "off",
    "aria-labelledby": labelledBy,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": invalid || undefined,
    disabled,
  };
  return singleLine ? <input type="text" {...shared} /> : <textarea rows={4} {...shared} />;
}
