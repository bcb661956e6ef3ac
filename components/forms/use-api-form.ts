"use client";

import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import { firstErrorsFromApi, firstErrorsFromIssues, type FieldErrors } from "./field-errors";
import { focusFirstInvalid } from "./focus-first-invalid";
import type { FormStatus } from "./form-status-message";
import { readApiBody, type ApiBody } from "./read-api-body";

type Options<S extends z.ZodType> = {
  schema: S;
  path: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** Form fields → the object the schema checks (defaults to the fields as strings). */
  toInput?: (data: FormData) => unknown;
  onSuccess?: (body: ApiBody, form: HTMLFormElement) => void;
  /** The form-level message when the browser check fails (default: "check the fields"). */
  invalidMessage?: (errors: FieldErrors) => string;
  /** Shown when the server sends no message, or the request never reached it. */
  failureMessage?: string;
};

const NETWORK_ERROR = "We could not reach the server. Please check your connection and try again.";
const CHECK_FIELDS = "Please check the highlighted fields.";

/**
 * A form that validates with the shared zod schema in the browser, sends JSON through
 * apiFetch, and shows the server's message and field errors (focusing the first one).
 */
export function useApiForm<S extends z.ZodType>(options: Options<S>) {
  const { schema, path, method, toInput, onSuccess, invalidMessage, failureMessage } = options;
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = schema.safeParse(toInput ? toInput(data) : Object.fromEntries(data));
    if (!parsed.success) {
      const fieldErrors = firstErrorsFromIssues(parsed.error.issues);
      flushSync(() => setErrors(fieldErrors));
      focusFirstInvalid(form);
      setStatus({ kind: "error", message: invalidMessage?.(fieldErrors) ?? CHECK_FIELDS });
      return;
    }
    setErrors({});
    setStatus({ kind: "submitting" });
    try {
      const response = await apiFetch(path, { method, json: parsed.data });
      const body = await readApiBody(response);
      if (response.ok) {
        setStatus({ kind: "success", message: body.message ?? "Saved." });
        onSuccess?.(body, form);
        return;
      }
      flushSync(() => setErrors(firstErrorsFromApi(body.errors)));
      focusFirstInvalid(form);
      setStatus({ kind: "error", message: body.message ?? failureMessage ?? "Something went wrong. Please try again." });
    } catch {
      setStatus({ kind: "error", message: failureMessage ?? NETWORK_ERROR });
    }
  }

  return { status, errors, submit, isSubmitting: status.kind === "submitting" };
}
