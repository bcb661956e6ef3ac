import "server-only";
import type { Actor } from "@/lib/server/core/actor/types";
import { AppError } from "@/lib/server/core/errors/app-error";
import { confirmPrescriptionPayment } from "./confirm-prescription-payment";
import type { PrescriptionRequestView } from "./types";

/**
 * POST /api/prescription/save: the caller's paid prescription request for a checkout
 * session. The answers were locked when the patient paid, so this only confirms the
 * payment (idempotently) and returns the saved request; calling it again returns the same.
 * clientAddress: whose budget of provider look-ups the confirmation spends.
 */
export async function savePrescription(actor: Actor | null, sessionId: string, clientAddress: string): Promise<PrescriptionRequestView> {
  const { state, view } = await confirmPrescriptionPayment({ sessionId, actor, clientAddress });
  if (state === "not-found" || !view) throw new AppError("not_found", "We could not find a prescription payment for this session.");
  if (state === "processing" || state === "confirming") throw new AppError("conflict", "Your payment is still being processed. We will email you as soon as it clears.");
  if (state === "failed") throw new AppError("conflict", "This payment has not been completed, so no prescription was saved.");
  return view;
}
