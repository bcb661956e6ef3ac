import "server-only";
import { ownedBy } from "@/lib/server/actor/owned-by";
import type { Actor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { applyCheckoutSession, transitionOfSession } from "@/lib/server/payments/apply-checkout-session";
import { isStripeError, stripe } from "@/lib/server/payments/stripe-client";
// This domain applies checkouts for its own requests: its payment handler must be registered.
import "./prescription-payment-handler";
import { prescriptionViewSelect, toPrescriptionView } from "./prescription-view";
import type { PrescriptionRequestView } from "./types";

export type PrescriptionPaymentState = "submitted" | "processing" | "not-paid" | "not-found";

export type PrescriptionReturn = {
  state: PrescriptionPaymentState;
  /** Only for the request's owner: anyone else holding the link learns nothing about it. */
  request: PrescriptionRequestView | null;
};

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * Coming back from checkout (the success page, or POST /api/prescription/save): asks the
 * payment provider about the session and runs the same idempotent fulfilment as the webhook,
 * so whichever arrives first saves the request and the other finds it done.
 */
export async function confirmPrescriptionPayment(sessionId: string, actor: Actor | null): Promise<PrescriptionReturn> {
  if (!SESSION_ID.test(sessionId)) return { state: "not-found", request: null };
  const known = await db.payment.findUnique({ where: { checkoutSessionId: sessionId }, select: { purpose: true, status: true } });
  if (!known || known.purpose !== "PRESCRIPTION") return { state: "not-found", request: null };
  if (known.status !== "PAID" && known.status !== "REFUNDED") {
    try {
      const session = await stripe().checkout.sessions.retrieve(sessionId);
      const transition = transitionOfSession(session);
      if (transition) await applyCheckoutSession(session, transition);
    } catch (error) {
      if (!isStripeError(error, "resource_missing")) throw error;
    }
  }
  const payment = await db.payment.findUniqueOrThrow({
    where: { checkoutSessionId: sessionId },
    select: { status: true, prescriptionRequest: { select: { ...prescriptionViewSelect, userId: true, guestKeyHash: true } } },
  });
  const row = payment.prescriptionRequest;
  if (!row) return { state: "not-found", request: null };
  const state: PrescriptionPaymentState = payment.status === "PAID" || payment.status === "REFUNDED" ? "submitted" : payment.status === "PROCESSING" ? "processing" : "not-paid";
  const owner = actor ? ownedBy(actor) : null;
  const isOwner = owner !== null && (("userId" in owner && owner.userId === row.userId) || ("guestKeyHash" in owner && owner.guestKeyHash === row.guestKeyHash));
  return { state, request: isOwner ? toPrescriptionView(row) : null };
}
