export type FormStatus =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

/**
 * The message area under a form. The status region is always in the DOM so screen
 * readers announce a success; errors are inserted as alerts.
 */
export function FormStatusMessage({ status, className }: { status: FormStatus; className?: string }) {
  return (
    <div className={className}>
      <div role="status">
        {status.kind === "success" ? <p className="form-message-success">{status.message}</p> : null}
      </div>
      {status.kind === "error" ? (
        <p role="alert" className="form-message-error">
          {status.message}
        </p>
      ) : null}
    </div>
  );
}
