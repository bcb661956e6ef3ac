import "server-only";
import { londonToday } from "@/lib/format/dates";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { answersOnPath } from "@/lib/questionnaire/walk-path";
import { ownerColumns } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { CHECKOUT_MINUTES, openCheckoutSession, PROVIDER_MIN_CHECKOUT_MINUTES } from "@/lib/server/services/payments/open-checkout-session";
import { lockOwnedResponse } from "@/lib/server/questionnaire/response-records";
import { submitLocked } from "@/lib/server/questionnaire/submit-questionnaire";
import { EMAIL_REQUIRED, NO_QUESTIONNAIRE, type PrescriptionPayInput } from "@/lib/validation/prescription";
import { answersFromStoredQuestionnaire } from "./answers-from-stored-questionnaire";
import { getPrescriptionOffer, type PrescriptionOffer } from "./get-prescription-offer";
import { newPrescriptionReference } from "./prescription-reference";

const DEFINITION = "prescription";
const PAID_STATUSES = ["SUBMITTED", "IN_REVIEW", "AWAITING_PATIENT", "ISSUED", "DECLINED"] as const;

/**
 * POST /api/prescription/pay: submits (locks) the payer's questionnaire if it is not yet,
 * and opens a Checkout session for the prescription service at the catalogue's price. The
 * questionnaire is the one saved on the server under questionnaire_id; a client that kept
 * its answers itself (the spec's) sends them as `questionnaire`: answers to steps its
 * branching skipped are dropped, and the rest is checked as a whole path like any submission. A second call for the same questionnaire gets the same
 * open session; a questionnaire already paid for is refused (409).
 */
export async function startPrescriptionCheckout(actor: Actor, input: PrescriptionPayInput): Promise<{ sessionId: string; url: string }> {
  const email = actor.kind === "guest" ? input.email : actor.user.email;
  if (!email) throw new AppError("validation_failed", EMAIL_REQUIRED, { email: [EMAIL_REQUIRED] });
  const offer = await getPrescriptionOffer(input.plan_id ?? null);
  const definition = getQuestionnaireDefinition(DEFINITION)!;
  // A spec client's answers to steps its branching skipped are ignored, not refused (product-decisions.md).
  const sentAnswers = input.questionnaire ? answersOnPath(definition, answersFromStoredQuestionnaire(definition, input.questionnaire), { today: londonToday() }) : null;
  const questionnaireId = input.questionnaire_id;

  const { request, payment } = await db.$transaction(async (tx) => {
    if (sentAnswers) {
      const owner = ownerColumns(actor);
      await tx.$executeRaw`
        INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, guest_key_hash, answers, updated_at)
        VALUES (${questionnaireId}::uuid, ${DEFINITION}, ${definition.version}, ${owner.userId}::uuid, ${owner.guestKeyHash}, ${JSON.stringify(sentAnswers)}::jsonb, now())
        ON CONFLICT (id) DO NOTHING`;
    }
    const row = await lockOwnedResponse(tx, actor, questionnaireId).catch(() => null);
    if (!row || row.definition !== DEFINITION) throw new AppError("validation_failed", NO_QUESTIONNAIRE, { questionnaire_id: [NO_QUESTIONNAIRE] });
    await submitLocked(tx, actor, questionnaireId);
    return reuseOrCreateRequest(tx, actor, questionnaireId, email, offer);
  });

  return openCheckoutSession(payment, {
    itemName: "Prescription service",
    itemDescription: `A specialist reviews your questionnaire within 24 hours · ${request.reference}`,
    customerEmail: email,
    successPath: "/prescription/checkout/success",
    cancelPath: `/prescription/checkout?questionnaireId=${questionnaireId}&cancel=1`,
    metadata: { prescription_request_id: request.id, prescription_reference: request.reference },
  });
}

/**
 * How much checkout time a request's payment must have left to be reused: a minute when its
 * session is open at the provider; when none was recorded (the start failed), enough for the
 * provider to open one now (Stripe refuses an expiry under 30 minutes ahead). Within that, the
 * same payment and idempotency key get back any session a lost answer made.
 */
function reuseMarginMs(payment: { checkoutSessionId: string | null }): number {
  return payment.checkoutSessionId ? 60_000 : PROVIDER_MIN_CHECKOUT_MINUTES * 60_000 + 5_000;
}

async function reuseOrCreateRequest(tx: Tx, actor: Actor, responseId: string, email: string, offer: PrescriptionOffer) {
  const existing = await tx.prescriptionRequest.findMany({
    where: { responseId, status: { not: "CANCELLED" } },
    select: { id: true, reference: true, status: true, payment: true },
    orderBy: { createdAt: "desc" },
  });
  if (existing.some((request) => (PAID_STATUSES as readonly string[]).includes(request.status))) {
    throw new AppError("conflict", "This questionnaire has already been paid for. You can follow your request under Orders in your account.");
  }
  const open = existing.find((request) => request.payment.status === "OPEN" && request.payment.expiresAt.getTime() > Date.now() + reuseMarginMs(request.payment));
  if (open) {
    await tx.prescriptionRequest.update({ where: { id: open.id }, data: { planId: offer.planId, email } });
    return { request: open, payment: open.payment };
  }
  // A start the provider failed or never answered, now too late to open: given up (marked as
  // an unopened start, so a session its lost answer made is refunded if paid), so the patient
  // has one request awaiting payment, not two.
  for (const unopened of existing.filter((request) => request.status === "PENDING_PAYMENT" && request.payment.status === "OPEN" && !request.payment.checkoutSessionId)) {
    const failed = await tx.payment.updateMany({ where: { id: unopened.payment.id, status: "OPEN", checkoutSessionId: null }, data: { status: "FAILED" } });
    if (failed.count === 1) await tx.prescriptionRequest.update({ where: { id: unopened.id }, data: { status: "CANCELLED" } });
  }
  // Whole seconds: Stripe's expires_at has no milliseconds, and our record must match it.
  const expiresAt = new Date(Math.ceil(Date.now() / 1000 + CHECKOUT_MINUTES * 60) * 1000);
  const payment = await tx.payment.create({ data: { purpose: "PRESCRIPTION", amountPence: offer.pricePence, currency: "gbp", expiresAt } });
  const request = await tx.prescriptionRequest.create({
    data: {
      reference: await newPrescriptionReference(tx),
      responseId,
      ...ownerColumns(actor),
      email,
      status: "PENDING_PAYMENT",
      paymentId: payment.id,
      planId: offer.planId,
      pricePence: offer.pricePence,
    },
    select: { id: true, reference: true },
  });
  return { request, payment };
}
