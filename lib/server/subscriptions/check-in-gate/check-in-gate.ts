import "server-only";
import type Stripe from "stripe";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { Tx } from "@/lib/server/core/db/client";
import type { CheckInStatus } from "@/lib/server/core/db/generated/client";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { freeReference } from "@/lib/server/core/reference/new-reference";
import { checkInMissedMail } from "./check-in-mail";
import { scheduleCheckInReminders } from "./check-in-reminder-job";

// The renewal's side of check-ins, a folder of its own inside subscriptions because the
// subscription's sync runs it (sync-subscription.ts); the patient's answers and the
// prescriber's review of a check-in are lib/server/check-ins/, which imports this folder's mail.

// Every repeat supply of a prescription-only medicine is reviewed first. GPhC, "Guidance for
// registered pharmacies providing pharmacy services at a distance, including on the internet"
// (February 2025 update), on repeat supplies: a prescription-only medicine is supplied again
// only once the prescriber has confirmed that it is still safe and appropriate for the patient.
//
// So each period of a PRESCRIPTION_ONLY subscription has a check-in (check_ins), made when the
// period starts, and until it is APPROVED Stripe's pause_collection {behavior: void} voids the
// renewal invoice: nothing is charged and no order is made. Approval lifts the pause (and, if
// the renewal has already been voided, charges at once with billing_cycle_anchor=now). All of
// this runs inside the subscription's lock (sync-subscription.ts) and converges: running it
// again changes nothing.

/** A check-in that still holds the renewal back (or, APPROVED, whose supply has not been made yet). */
export const OPEN_CHECK_IN: CheckInStatus[] = ["DUE", "SUBMITTED", "MISSED", "REFERRED"];

export type GatedSubscription = {
  id: string;
  stripeSubscriptionId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  collectionPaused: boolean;
  resumesAt: Date | null;
  userId: string | null;
  guestKeyHash: string | null;
  product: { kind: string };
};

/**
 * Applies the gate to a subscription whose row was just mirrored; returns Stripe's subscription
 * when it was changed there (the caller mirrors it again), else null.
 */
export async function applyCheckInGate(tx: Tx, row: GatedSubscription, now = new Date()): Promise<Stripe.Subscription | null> {
  if (row.product.kind !== "PRESCRIPTION_ONLY" || row.status !== "ACTIVE" || row.cancelAtPeriodEnd || !row.currentPeriodEnd) return null;
  const latest = await tx.checkIn.findFirst({
    where: { subscriptionId: row.id },
    orderBy: { periodEnd: "desc" },
    select: { id: true, status: true, periodEnd: true, releasedAt: true, order: { select: { id: true } } },
  });
  if (latest?.status === "APPROVED" && !latest.releasedAt) {
    // The renewal it gated was voided meanwhile (the period moved on): charge now, once.
    const late = row.currentPeriodEnd.getTime() !== latest.periodEnd.getTime();
    const params: Stripe.SubscriptionUpdateParams = { pause_collection: "" };
    if (late) Object.assign(params, { billing_cycle_anchor: "now", proration_behavior: "none" });
    const remote = await stripe().subscriptions.update(row.stripeSubscriptionId, params, { idempotencyKey: `check-in-release-${latest.id}` });
    await tx.checkIn.update({ where: { id: latest.id }, data: { releasedAt: now } });
    return remote;
  }
  const pausedUntilResumed = row.collectionPaused && row.resumesAt === null;
  if (latest && (OPEN_CHECK_IN.includes(latest.status) || (latest.status === "APPROVED" && !latest.order))) {
    // Still waiting: the pause stays (a resume elsewhere is put back).
    if (OPEN_CHECK_IN.includes(latest.status) && !pausedUntilResumed) return pause(row.stripeSubscriptionId, latest.id);
    return null;
  }
  if (latest && latest.periodEnd.getTime() >= row.currentPeriodEnd.getTime()) return null;
  const created = await tx.checkIn.create({
    data: { reference: await freeReference("CI", async (reference) => (await tx.checkIn.count({ where: { reference } })) > 0), subscriptionId: row.id, userId: row.userId, guestKeyHash: row.guestKeyHash, periodEnd: row.currentPeriodEnd },
    select: { id: true },
  });
  await scheduleCheckInReminders(tx, created.id, row.currentPeriodEnd, now);
  return pause(row.stripeSubscriptionId, created.id);
}

function pause(stripeSubscriptionId: string, checkInId: string): Promise<Stripe.Subscription> {
  return stripe().subscriptions.update(stripeSubscriptionId, { pause_collection: { behavior: "void" } }, { idempotencyKey: `check-in-gate-${checkInId}` });
}

/**
 * The renewal invoice was voided while the period's check-in was unanswered: it is MISSED and
 * the patient is told (once: only a DUE check-in moves). A late answer still counts.
 */
export async function markCheckInMissed(tx: Tx, subscription: { id: string; email: string; plan: { name: string } }, renewalStart: Date): Promise<boolean> {
  const due = await tx.checkIn.findFirst({ where: { subscriptionId: subscription.id, status: "DUE", periodEnd: { lte: renewalStart } }, orderBy: { periodEnd: "desc" }, select: { id: true, reference: true } });
  if (!due) return false;
  const moved = await tx.checkIn.updateMany({ where: { id: due.id, status: "DUE" }, data: { status: "MISSED" } });
  if (moved.count === 0) return false;
  await sendMail(checkInMissedMail({ email: subscription.email, planName: subscription.plan.name }, due.id), tx);
  await recordAuditEvent({ actor: null, action: "check_in.missed", subjectType: "check_in", subjectId: due.id, detail: { reference: due.reference } }, tx);
  return true;
}

/** The approved check-in a paid renewal supplies (the oldest without an order), if any. */
export async function approvedCheckInFor(tx: Tx, subscriptionId: string): Promise<string | null> {
  const found = await tx.checkIn.findFirst({ where: { subscriptionId, status: "APPROVED", order: null }, orderBy: { periodEnd: "asc" }, select: { id: true } });
  return found?.id ?? null;
}
