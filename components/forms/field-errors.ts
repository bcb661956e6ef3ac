export type FieldErrors = Partial<Record<string, string>>;

type Issue = { path: readonly PropertyKey[]; message: string };

/** First message per top-level field, from zod issues. */
export function firstErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** First message per field, from the API's `errors: { field: [messages] }`. */
export function firstErrorsFromApi(errors: Record<string, string[]> | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === "string") result[field] = first;
  }
  return result;
}
