import "server-only";
import { getAssessmentDefinition } from "@/lib/questionnaire/definitions";
import { getLatestAssessment } from "@/lib/server/assessments/latest-assessment";
import { ownerColumns, ownedBy } from "@/lib/server/core/actor/owned-by";
import { isAccount } from "@/lib/server/core/actor/account-actor";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { openSubscriptionCheckout } from "@/lib/server/services/payments/open-checkout-session";
import { startPrescriptionPlan } from "./start-prescription-plan";
import { stripePriceFor } from "./stripe-price";
import type { SubscriptionMetadata } from "./sync-subscription";

const PLAN_NOT_FOUND = "This plan does not exist or is no longer offered.";

export type SubscribeAnswer =
  /** Stripe Checkout in subscription mode. */
  | { kind: "checkout"; url: string; sessionId: string }
  /** No passed, unexpired assessment yet: its first step (the eligible result offers this plan). */
  | { kind: "assessment"; url: string; message: string }
  /** A prescription-service plan: chosen at the prescription checkout, after the questionnaire. */
  | { kind: "prescription"; url: string; message: string };

/**
 * POST /api/subscribe: where the patient goes next to start this plan. A medicine plan needs
 * the patient's own passed, unexpired assessment of that treatment; then Stripe Checkout opens
 * in subscription mode, for the plan's Stripe price, with everything the webhook needs to
 * record it in the subscription's metadata (plan, medicine, assessment, owner). Prices come
 * from the catalogue only.
 */
export async function startSubscription(actor: Actor, planId: string): Promise<SubscribeAnswer> {
  const plan = await db.plan.findFirst({
    where: { id: planId, isActive: true },
    select: { id: true, name: true, pricePence: true, durationMonths: true, treatmentType: { select: { slug: true } } },
  });
  if (!plan) throw new AppError("validation_failed", PLAN_NOT_FOUND, { plan_id: [PLAN_NOT_FOUND] });
  const treatmentType = plan.treatmentType.slug;
  if (treatmentType === "prescription") {
    // Chosen at the prescription checkout and now issued: this is its confirmation and payment.
    if (isAccount(actor)) {
      const ready = await db.prescriptionRequest.findFirst({
        where: { ...ownedBy(actor), planId: plan.id, status: "ISSUED", prescription: { dispensedAt: null, subscription: null } },
        orderBy: { decidedAt: "desc" },
        select: { id: true },
      });
      if (ready) return { kind: "checkout", ...(await startPrescriptionPlan(actor, ready.id)) };
    }
    return {
      kind: "prescription",
      url: "/prescription/questionnaire/1",
      message: "Prescription plans are chosen at the prescription checkout, after the questionnaire.",
    };
  }
  const definition = getAssessmentDefinition(treatmentType);
  if (!definition) throw new AppError("validation_failed", "This plan cannot be started online. Please contact us.", { plan_id: ["This plan cannot be started online."] });
  const assessment = await getLatestAssessment(actor, definition.slug);
  if (assessment.kind !== "eligible") {
    return {
      kind: "assessment",
      url: `/${treatmentType}/quiz/1`,
      message:
        assessment.kind === "not-eligible"
          ? "Your last assessment does not allow this treatment. Please book a consultation, or take the assessment again if your answers have changed."
          : "Please complete the assessment first: if this treatment suits you, you can subscribe from your results.",
    };
  }
  const product = await db.product.findUnique({ where: { slug: assessment.productSlug }, select: { id: true, name: true } });
  if (!product) throw new AppError("internal", `The assessment allows product ${assessment.productSlug}, which is not in the catalogue.`);

  const owner = ownedBy(actor);
  const live = await db.subscription.findFirst({
    where: { ...owner, status: { in: ["ACTIVE", "PAST_DUE", "TRIALING"] }, endedAt: null, plan: { treatmentType: { slug: treatmentType } } },
    select: { id: true },
  });
  if (live) throw new AppError("conflict", `You already have a ${plan.treatmentType.slug} subscription. You can change, pause or cancel it under Subscriptions in your account.`);

  const priceId = await stripePriceFor({ ...plan, productName: product.name });
  const columns = ownerColumns(actor);
  const metadata: SubscriptionMetadata = {
    plan_id: plan.id,
    product_id: product.id,
    assessment_id: assessment.id,
    ...(columns.userId ? { user_id: columns.userId } : { guest_key_hash: columns.guestKeyHash ?? "" }),
  };
  // The patient's earlier Stripe customer, so their subscriptions and card stay together.
  const earlier = await db.subscription.findFirst({ where: owner, orderBy: { createdAt: "desc" }, select: { stripeCustomerId: true } });
  const session = await openSubscriptionCheckout({
    // The same plan under the same passed assessment is the same attempt (see openSubscriptionCheckout).
    attempt: `${plan.id}:${assessment.id}`,
    priceId,
    clientReferenceId: plan.id,
    owner: columns,
    customer: earlier ? { id: earlier.stripeCustomerId } : isAccount(actor) ? { email: actor.user.email } : null,
    metadata,
    description: plan.name,
    successPath: isAccount(actor) ? "/dashboard/subscriptions" : "/subscriptions/started",
    cancelPath: isAccount(actor) ? "/dashboard/subscriptions" : `/${treatmentType}/results`,
  });
  return { kind: "checkout", url: session.url, sessionId: session.sessionId };
}
