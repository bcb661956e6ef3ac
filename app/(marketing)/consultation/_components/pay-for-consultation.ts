import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import { BOOKING_FAILED, SLOT_NOT_AVAILABLE } from "./booking-messages";

export type PayRequest = {
  client_name: string;
  client_email: string;
  date: string;
  time: string;
  hair_concerns: string;
  type?: string;
};

export type PayOutcome =
  | { kind: "checkout"; url: string }
  | { kind: "failed"; message: string; isSlotTaken: boolean; errors?: Record<string, string[]> };

/** Only a web address may be opened: the answer decides where the browser goes. */
function isWebUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value, window.location.href).protocol);
  } catch {
    return false;
  }
}

/**
 * Holds the slot and opens a checkout session (POST /api/consultations/pay), and says what
 * the screen does next. Messages follow spec section 8: the server's own message when it
 * sends one, otherwise "Slot not available." (no session) or "Booking failed…" (failure).
 */
export async function payForConsultation(request: PayRequest): Promise<PayOutcome> {
  let response: Response;
  try {
    response = await apiFetch("/api/consultations/pay", { json: request });
  } catch {
    return { kind: "failed", message: BOOKING_FAILED, isSlotTaken: false };
  }
  const body = await readApiBody(response);
  if (response.ok) {
    if (!body.sessionId) return { kind: "failed", message: body.message ?? SLOT_NOT_AVAILABLE, isSlotTaken: true };
    if (isWebUrl(body.url)) return { kind: "checkout", url: body.url };
    return { kind: "failed", message: body.message ?? BOOKING_FAILED, isSlotTaken: false };
  }
  return {
    kind: "failed",
    message: body.message ?? BOOKING_FAILED,
    isSlotTaken: response.status === 409,
    errors: body.errors,
  };
}
