import { firstErrorsFromIssues, type FieldErrors } from "@/components/forms/field-errors";
import { dateProblem } from "@/lib/booking/schedule";
import { consultationPaySchema } from "@/lib/validation/booking";
import type { BookingText } from "./booking-input";
import type { PayRequest } from "./pay-for-consultation";

type BookingChoice = { text: BookingText; date: string; time: string; type: string; today: string };

export type BookingCheck =
  | { ok: true; request: PayRequest }
  | { ok: false; message: string; errors: FieldErrors };

/**
 * The browser's check before paying, with the server's own schema and date rules; field
 * errors are keyed by the request's field names, as the server's 422 errors are.
 */
export function checkBookingInput({ text, date, time, type, today }: BookingChoice): BookingCheck {
  const parsed = consultationPaySchema.safeParse({ ...text, date, time, ...(type ? { type } : {}) });
  const problem = dateProblem(date, today);
  if (!parsed.success || problem) {
    const errors = parsed.success ? {} : firstErrorsFromIssues(parsed.error.issues);
    return { ok: false, message: problem ?? "Please check the highlighted fields.", errors };
  }
  const { type: parsedType, ...rest } = parsed.data;
  return { ok: true, request: { ...rest, ...(parsedType ? { type: parsedType } : {}) } };
}
