import "server-only";
import { db } from "@/lib/server/core/db/client";
import { confirmCheckoutReturn, type CheckoutReturn, type CheckoutReturnInput } from "@/lib/server/services/payments/confirm-checkout-return";
import { registerCheckoutReturnReader } from "@/lib/server/services/payments/purpose-registry";
// This domain applies checkouts for its own requests: its payment handler must be registered.
import "./prescription-payment-handler";
import { prescriptionViewSelect, toPrescriptionView } from "./prescription-view";
import type { PrescriptionRequestView } from "./types";

registerCheckoutReturnReader<PrescriptionRequestView>("PRESCRIPTION", async (paymentId) => {
  const row = await db.prescriptionRequest.findUnique({ where: { paymentId }, select: { ...prescriptionViewSelect, userId: true, guestKeyHash: true } });
  if (!row) return null;
  const { userId, guestKeyHash, ...request } = row;
  return { owner: { userId, guestKeyHash }, view: toPrescriptionView(request) };
});

/**
 * Coming back from checkout (the success page, or POST /api/prescription/save): the one
 * checkout return (payments), for a prescription request.
 */
export function confirmPrescriptionPayment(input: CheckoutReturnInput): Promise<CheckoutReturn<PrescriptionRequestView>> {
  return confirmCheckoutReturn<PrescriptionRequestView>({ ...input, purpose: "PRESCRIPTION" });
}
