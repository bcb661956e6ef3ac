import "server-only";
import { logContext } from "@/lib/server/core/log/logger";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./database-unavailable";

/**
 * Marks the current request as failed for want of the database (instrumentation.ts's
 * onRequestError), so server/serve.mjs answers 503 with the message and Retry-After.
 * Returns whether it did.
 */
export function markIfDatabaseUnavailable(error: unknown): boolean {
  const context = logContext.getStore();
  if (!context || !isDatabaseUnavailable(error)) return false;
  context.unavailable = { message: DATABASE_UNAVAILABLE_MESSAGE };
  return true;
}
