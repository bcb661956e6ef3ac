import "server-only";
import { AppError } from "@/lib/server/core/errors/app-error";
import { consumeRateLimit, type RateLimit } from "./consume-rate-limit";

/** Counts one attempt like consumeRateLimit, answering false instead of throwing once the limit is passed. */
export async function withinRateLimit(rule: RateLimit, subject: string): Promise<boolean> {
  try {
    await consumeRateLimit(rule, subject);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") return false;
    throw error;
  }
}
