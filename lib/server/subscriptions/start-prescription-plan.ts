import "server-only";
import { ownedBy, ownerColumns } from "@/lib/server/core/actor/owned-by";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { openSubscriptionCheckout } from "@/lib/server/services/payments/open-checkout-session";
import { stripePriceFor } from "./stripe-price";
import type { SubscriptionMetadata } from "./sync-subscription";

/** The catalogue entry a prescription plan supplies (seeded, never sold on its own). */
const PRESCRIBED_MEDICINE_SLUG = "prescribed-medicine";

export const PLAN_REQUEST_NOT_FOUND = "We could not find that prescription request.";
export const NO_PLAN_CHOSEN = "You did not choose a plan for this request. You can take your prescription to any UK pharmacy.";
export const PLAN_WAITS_FOR_ISSUE = "Your plan starts once the prescriber has issued your prescription.";
export const PRESCRIPTION_DISPENSED = "This prescription has already been dispensed by a pharmacy, so it cannot also be supplied under a plan.";
export const PLAN_STARTED = "Your plan for this prescription has already started. You can manage it under Subscriptions in your account.";
const PLAN_WITHDRAWN = "This plan is no longer offered. Please contact us and we will suggest another.";

/** A request's plan as its owner sees it: what they chose and whether it can start now. */
export type PrescriptionPlanState =
  | { kind: "none" }
  | { kind: "waiting"; planName: string }
  | { kind: "ready"; planName: string; pricePence: number; durationMonths: number }
  | { kind: "started"; planName: string }
  | { kind: "unavailable"; planName: string; reason: string };

type RequestRow = {
  id: string;
  status: string;
  plan: { id: string; name: string; pricePence: number; durationMonths: number; isActive: boolean } | null;
  prescription: { id: string; medicine: string; dose: string; dispensedAt: Date | null; subscription: { id: string } | null } | null;
};

const requestSelect = {
  id: true,
  status: true,
  plan: { select: { id: true, name: true, pricePence: true, durationMonths: true, isActive: true } },
  prescription: { select: { id: true, medicine: true, dose: true, dispensedAt: true, subscription: { select: { id: true } } } },
} as const;

/** The rule, once: whether this request's chosen plan can be confirmed and paid now. */
function prescriptionPlanState(row: RequestRow): PrescriptionPlanState {
  if (!row.plan) return { kind: "none" };
  const planName = row.plan.name;
  if (row.prescription?.subscription) return { kind: "started", planName };
  if (row.status !== "ISSUED" || !row.prescription) return row.status === "DECLINED" || row.status === "CANCELLED" ? { kind: "none" } : { kind: "waiting", planName };
  if (row.prescription.dispensedAt) return { kind: "unavailable", planName, reason: PRESCRIPTION_DISPENSED };
  if (!row.plan.isActive) return { kind: "unavailable", planName, reason: PLAN_WITHDRAWN };
  return { kind: "ready", planName, pricePence: row.plan.pricePence, durationMonths: row.plan.durationMonths };
}

/** The owner's request and its plan state (null: not theirs, or no such request). */
export async function getPrescriptionPlan(actor: AccountActor, requestId: string): Promise<PrescriptionPlanState | null> {
  const row = await db.prescriptionRequest.findFirst({ where: { id: requestId, ...ownedBy(actor) }, select: requestSelect });
  return row ? prescriptionPlanState(row) : null;
}

/**
 * The plan chosen at the prescription checkout is an intent: once the prescriber issues the
 * prescription, its owner confirms and pays for the plan's supply here — Stripe Checkout in
 * subscription mode for the plan's catalogue price, with the issued prescription named in the
 * subscription's metadata. Each paid period makes an order for the pharmacist (the order line is
 * the prescribed medicine and dose). A prescription already dispensed elsewhere cannot also be
 * supplied under a plan; the /rx dispensing check refuses the reverse.
 */
export async function startPrescriptionPlan(actor: AccountActor, requestId: string): Promise<{ url: string; sessionId: string }> {
  const row = await db.prescriptionRequest.findFirst({ where: { id: requestId, ...ownedBy(actor) }, select: requestSelect });
  if (!row) throw new AppError("not_found", PLAN_REQUEST_NOT_FOUND);
  const state = prescriptionPlanState(row);
  if (state.kind === "none") throw new AppError("conflict", NO_PLAN_CHOSEN);
  if (state.kind === "waiting") throw new AppError("conflict", PLAN_WAITS_FOR_ISSUE);
  if (state.kind === "started") throw new AppError("conflict", PLAN_STARTED);
  if (state.kind === "unavailable") throw new AppError("conflict", state.reason);
  const plan = row.plan!;
  const prescription = row.prescription!;
  const product = await db.product.findUnique({ where: { slug: PRESCRIBED_MEDICINE_SLUG }, select: { id: true, name: true } });
  if (!product) throw new AppError("internal", `The catalogue lacks the ${PRESCRIBED_MEDICINE_SLUG} product (run the seed).`);

  // One Stripe price per plan for every patient: the medicine is named on the session and the order lines.
  const priceId = await stripePriceFor({ ...plan, productName: product.name });
  const metadata: SubscriptionMetadata = { plan_id: plan.id, product_id: product.id, prescription_id: prescription.id, user_id: actor.user.id };
  const earlier = await db.subscription.findFirst({ where: ownedBy(actor), orderBy: { createdAt: "desc" }, select: { stripeCustomerId: true } });
  return openSubscriptionCheckout({
    attempt: `${plan.id}:rx:${prescription.id}`,
    priceId,
    clientReferenceId: plan.id,
    owner: ownerColumns(actor),
    customer: earlier ? { id: earlier.stripeCustomerId } : { email: actor.user.email },
    metadata,
    description: `${plan.name}: ${prescription.medicine} (${prescription.dose})`,
    successPath: "/dashboard/subscriptions",
    cancelPath: `/dashboard/orders/prescriptions/${row.id}`,
  });
}
