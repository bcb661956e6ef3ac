"use client";

import { useState } from "react";
import { EyeIcon } from "@/components/icons/eye-icon";
import { EyeOffIcon } from "@/components/icons/eye-off-icon";
import styles from "./password-field.module.css";

type PasswordFieldProps = {
  id: string;
  name: string;
  label: string;
  error?: string;
  autoComplete: "current-password" | "new-password";
  required?: boolean;
  disabled?: boolean;
};

/**
 * A labelled password input with a show/hide toggle. The toggle keeps one accessible name
 * ("Show password") and reports its state with aria-pressed, as a toggle button should.
 */
export function PasswordField({ id, label, error, disabled, ...rest }: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          type={isVisible ? "text" : "password"}
          className={`input ${styles.input}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          {...rest}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={isVisible}
          aria-controls={id}
          disabled={disabled}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOffIcon size={22} /> : <EyeIcon size={22} />}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
