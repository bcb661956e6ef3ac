import type { ReactNode } from "react";

export type FormStatus =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

type FormStatusMessageProps = {
  status: FormStatus;
  className?: string;
  /** Shown after a success message (a link to go on). */
  successAction?: ReactNode;
  /** Shown after an error message (a link to recover). */
  errorAction?: ReactNode;
};

/**
 * The message area under a form. The status region is always in the DOM so screen
 * readers announce a success; errors are inserted as alerts.
 */
export function FormStatusMessage({ status, className, successAction, errorAction }: FormStatusMessageProps) {
  return (
    <div className={className}>
      <div role="status">
        {status.kind === "success" ? (
          <p className="form-message-success">
            {status.message}
            {successAction ? <> {successAction}</> : null}
          </p>
        ) : null}
      </div>
      {status.kind === "error" ? (
        <p role="alert" className="form-message-error">
          {status.message}
          {errorAction ? <> {errorAction}</> : null}
        </p>
      ) : null}
    </div>
  );
}
