"use client";

import { useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import { firstErrorsFromApi, firstErrorsFromIssues, type FieldErrors } from "./field-errors";
import { focusFirstInvalid } from "./focus-first-invalid";
import type { FormStatus } from "./form-status-message";
import { readApiBody, type ApiBody } from "./read-api-body";

/** What the form shows for the server's answer. */
export type ApiFormOutcome = { kind: "success"; message: string } | { kind: "error"; message: string; errors?: FieldErrors };

export type ApiAnswer = { ok: boolean; status: number; body: ApiBody };

type Options<S extends z.ZodType> = {
  /** The shared schema, or a loader for it (keeps zod out of a static page's first bundle). */
  schema: S | (() => Promise<S>);
  path: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** Form fields → the object the schema checks (defaults to the fields as strings). */
  toInput?: (data: FormData) => unknown;
  /** Runs after a success outcome (redirect, reset the form). */
  onSuccess?: (body: ApiBody, form: HTMLFormElement) => void;
  /** The form-level message when the browser check fails (default: "check the fields"). */
  invalidMessage?: (errors: FieldErrors) => string;
  /** Shown when the server sends no message, or the request never reached it. */
  failureMessage?: string;
  /** Reads the answer the form's own way (the spec's copy); undefined falls back to the default. */
  interpret?: (answer: ApiAnswer) => ApiFormOutcome | undefined | Promise<ApiFormOutcome | undefined>;
  /** The message when the request never reached the server (default: failureMessage). */
  networkMessage?: (error: unknown) => string;
};

const NETWORK_ERROR = "We could not reach the server. Please check your connection and try again.";
const CHECK_FIELDS = "Please check the highlighted fields.";

function defaultOutcome({ ok, body }: ApiAnswer, failureMessage: string | undefined): ApiFormOutcome {
  if (ok) return { kind: "success", message: body.message ?? "Saved." };
  return { kind: "error", message: body.message ?? failureMessage ?? "Something went wrong. Please try again.", errors: firstErrorsFromApi(body.errors) };
}

/**
 * A form that validates with the shared zod schema in the browser, sends JSON through
 * apiFetch, and shows the server's message and field errors (focusing the first one).
 */
export function useApiForm<S extends z.ZodType>(options: Options<S>) {
  const { schema, path, method, toInput, onSuccess, invalidMessage, failureMessage, interpret, networkMessage } = options;
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});

  // Errors and status are committed together before focusing: fields disabled while
  // submitting must be enabled again to take focus.
  function fail(form: HTMLFormElement, message: string, fieldErrors: FieldErrors = {}) {
    flushSync(() => {
      setErrors(fieldErrors);
      setStatus({ kind: "error", message });
    });
    focusFirstInvalid(form);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const resolved = typeof schema === "function" ? await schema() : schema;
    const parsed = resolved.safeParse(toInput ? toInput(data) : Object.fromEntries(data));
    if (!parsed.success) {
      const fieldErrors = firstErrorsFromIssues(parsed.error.issues);
      fail(form, invalidMessage?.(fieldErrors) ?? CHECK_FIELDS, fieldErrors);
      return;
    }
    setErrors({});
    setStatus({ kind: "submitting" });
    let answer: ApiAnswer;
    try {
      const response = await apiFetch(path, { method, json: parsed.data });
      answer = { ok: response.ok, status: response.status, body: await readApiBody(response) };
    } catch (error) {
      fail(form, networkMessage?.(error) ?? failureMessage ?? NETWORK_ERROR);
      return;
    }
    const interpreted = interpret?.(answer);
    // Awaited only when it is a promise: each extra tick delays what the user sees.
    const outcome = (interpreted instanceof Promise ? await interpreted : interpreted) ?? defaultOutcome(answer, failureMessage);
    if (outcome.kind === "error") {
      fail(form, outcome.message, outcome.errors);
      return;
    }
    setStatus(outcome);
    onSuccess?.(answer.body, form);
  }

  /** Clears the last answer's message and field errors (a part of the form fixed what they asked for). */
  function clearStatus() {
    setErrors({});
    setStatus({ kind: "idle" });
  }

  return { status, errors, submit, clearStatus, isSubmitting: status.kind === "submitting" };
}
