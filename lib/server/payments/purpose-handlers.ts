import "server-only";
import { bookingPaymentHandler } from "@/lib/server/booking/booking-payment-handler";
import type { PaymentPurposeHandler } from "./types";

// What each kind of payable record does when its payment succeeds, fails or expires. The
// shop, the prescription service and subscriptions add their handlers here.
export const paymentPurposeHandlers: Record<"CONSULTATION_BOOKING", PaymentPurposeHandler> = {
  CONSULTATION_BOOKING: bookingPaymentHandler,
};
