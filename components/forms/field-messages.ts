import type { FieldErrors } from "./field-errors";

/** Every message of the API's `errors: { field: [messages] }`, in field order. */
export function allFieldMessages(errors: Record<string, string[]> | undefined): string[] {
  return Object.values(errors ?? {}).flatMap((messages) =>
    Array.isArray(messages) ? messages.filter((message): message is string => typeof message === "string") : [],
  );
}

/** The same list from one-message-per-field errors (the browser's own validation). */
export function messagesOf(errors: FieldErrors): string[] {
  return Object.values(errors).filter((message): message is string => typeof message === "string");
}

/**
 * ["Enter your name.", "Too short"] -> "Enter your name. Too short." (joined with ". ", one
 * final period); a sentence ending in "!" or "?" keeps its own mark ("Passwords do not match!").
 */
export function joinAsSentences(messages: string[]): string {
  return messages
    .map((message) => message.trim().replace(/\.+$/, ""))
    .filter(Boolean)
    .map((sentence) => (/[!?]$/.test(sentence) ? sentence : `${sentence}.`))
    .join(" ");
}
