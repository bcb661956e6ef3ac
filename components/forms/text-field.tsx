import type { InputHTMLAttributes } from "react";

type TextFieldProps = {
  id: string;
  name: string;
  label: string;
  error?: string;
  multiline?: boolean;
  rows?: number;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  defaultValue?: string;
};

/** A labelled input or textarea whose error message is tied to it (aria-invalid, aria-describedby). */
export function TextField({ id, label, error, multiline = false, rows = 5, type = "text", ...rest }: TextFieldProps) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    className: "input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    ...rest,
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? <textarea rows={rows} {...shared} /> : <input type={type} {...shared} />}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
