import { AppError } from "@/lib/server/core/errors/app-error";

/** Runs a rule check: null when it passes, the message when it throws a 409 AppError (anything else fails the test). */
export function conflictOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
    return (error as AppError).message;
  }
}
