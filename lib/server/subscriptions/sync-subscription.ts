import "server-only";
import type Stripe from "stripe";
import type { OwnerColumns } from "@/lib/server/core/actor/owned-by";
import { db, type Tx } from "@/lib/server/core/db/client";
import { enqueueJob } from "@/lib/server/services/jobs/enqueue-job";
import { isStripeError, stripe } from "@/lib/server/services/payments/stripe-client";
import { completeSubscriptionCheckout } from "@/lib/server/services/payments/subscription-checkout-records";
import type { SubscriptionStatus } from "@/lib/server/core/db/generated/client";
import { startingDose } from "@/lib/medicines/dose-ladders";
import { applyCheckInGate } from "./check-in-gate/check-in-gate";
import { renewalReminderJob, reminderTime } from "./renewal-reminder-job";
import { isUuid } from "@/lib/validation/uuid";

// Stripe is the truth for a subscription. Every event (and the return from checkout) only
// names the subscription; we take its lock, read it again from Stripe and overwrite our row,
// so a repeat, a race or events out of order all end in Stripe's current state. The lock is
// per subscription (an advisory lock, as the row may not exist yet) and the read happens
// under it, so a slower, older read can never be written over a newer one.

const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  incomplete: "INCOMPLETE",
  incomplete_expired: "INCOMPLETE_EXPIRED",
  trialing: "TRIALING",
  active: "ACTIVE",
  past_due: "PAST_DUE",
  unpaid: "UNPAID",
  canceled: "CANCELED",
  paused: "PAUSED",
};

/** What /api/subscribe writes on the Stripe subscription (subscription_data.metadata). */
export type SubscriptionMetadata = { plan_id: string; product_id: string; assessment_id?: string; prescription_id?: string; user_id?: string; guest_key_hash?: string };

export const toDate = (seconds: number | null | undefined) => (typeof seconds === "number" ? new Date(seconds * 1000) : null);
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** Our copy of what Stripe says about the subscription. */
function mirrorOf(remote: Stripe.Subscription, plan: { durationMonths: number }) {
  const item = remote.items.data[0];
  if (!item) throw new Error(`Subscription ${remote.id} has no item.`);
  return {
    status: STATUS[remote.status] ?? "INCOMPLETE",
    pricePence: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    durationMonths: item.price.recurring?.interval === "month" ? item.price.recurring.interval_count : plan.durationMonths,
    currentPeriodStart: toDate(item.current_period_start),
    currentPeriodEnd: toDate(item.current_period_end),
    cancelAtPeriodEnd: remote.cancel_at_period_end,
    canceledAt: toDate(remote.canceled_at),
    endedAt: toDate(remote.ended_at),
    collectionPaused: remote.pause_collection !== null,
    resumesAt: toDate(remote.pause_collection?.resumes_at),
    stripeCustomerId: idOf(remote.customer) ?? "",
    syncedAt: new Date(),
  };
}

export type SyncResult = { kind: "applied"; id: string } | { kind: "not-ours" };

/** Runs `work` in one transaction holding this Stripe subscription's lock. */
export function withSubscriptionLock<T>(stripeSubscriptionId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`subscription:${stripeSubscriptionId}`}, 0))`;
      return work(tx);
    },
    // The read from Stripe happens inside (see above).
    { timeout: 30_000, maxWait: 15_000 },
  );
}

/** The subscription id an invoice bills (API 2025+: under parent.subscription_details). */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

/**
 * Reads the subscription from Stripe and writes our copy, inside the caller's lock. Not ours
 * (no such subscription, or not made by /api/subscribe): nothing is written.
 */
export async function syncSubscription(tx: Tx, stripeSubscriptionId: string): Promise<SyncResult> {
  let remote: Stripe.Subscription;
  try {
    remote = await stripe().subscriptions.retrieve(stripeSubscriptionId);
  } catch (error) {
    if (isStripeError(error, "resource_missing")) return { kind: "not-ours" };
    throw error;
  }
  const metadata = remote.metadata as Partial<SubscriptionMetadata>;
  const item = remote.items.data[0];
  if (!metadata.plan_id || !metadata.product_id || !item?.price.unit_amount) return { kind: "not-ours" };
  const [plan, product] = await Promise.all([
    tx.plan.findUnique({ where: { id: metadata.plan_id }, select: { id: true, durationMonths: true } }),
    tx.product.findUnique({ where: { id: metadata.product_id }, select: { id: true, slug: true } }),
  ]);
  if (!plan || !product) return { kind: "not-ours" };
  const existing = await tx.subscription.findUnique({ where: { stripeSubscriptionId } });
  const mirror = mirrorOf(remote, plan);

  let row;
  if (existing) {
    // An address Checkout had not reported at the first sync is picked up later.
    const address = existing.shipLine1 ? {} : (await checkoutOf(stripeSubscriptionId)).address;
    row = await tx.subscription.update({ where: { id: existing.id }, data: { ...mirror, ...address } });
  } else {
    const checkout = await checkoutOf(stripeSubscriptionId);
    const owner = await ownerOf(tx, metadata);
    if (!owner) return { kind: "not-ours" };
    const email = checkout.email ?? (await customerEmail(mirror.stripeCustomerId));
    if (!email) return { kind: "not-ours" };
    const prescriptionId = await ownPrescription(tx, metadata.prescription_id, owner);
    row = await tx.subscription.create({
      data: {
        ...mirror,
        stripeSubscriptionId,
        ...owner,
        email: email.toLowerCase(),
        planId: plan.id,
        productId: product.id,
        assessmentId: metadata.assessment_id && isUuid(metadata.assessment_id) ? metadata.assessment_id : null,
        prescriptionId,
        // A dose-ladder medicine starts at its first dose; each approved check-in may step it up.
        // A prescription plan supplies the dose the prescriber wrote (its line names it).
        dose: prescriptionId ? null : startingDose(product.slug),
        ...checkout.address,
      },
    });
    // The subscription is recorded: our record of its checkout is done, whichever event came first.
    if (checkout.sessionId) await completeSubscriptionCheckout(checkout.sessionId, tx);
  }
  row = await gate(tx, row.id, plan);
  await scheduleReminder(tx, row);
  return { kind: "applied", id: row.id };
}

/** A prescription-only subscription's renewal waits for its check-in (check-in-gate.ts); Stripe's answer is mirrored. */
export async function gate(tx: Tx, id: string, plan: { durationMonths: number }) {
  const row = await tx.subscription.findUniqueOrThrow({ where: { id }, include: { product: { select: { kind: true } } } });
  const changed = await applyCheckInGate(tx, row);
  if (!changed) return row;
  return tx.subscription.update({ where: { id }, data: { ...mirrorOf(changed, plan), syncedAt: new Date() } });
}

/** Queues the reminder for this period's renewal once per period (the job re-checks everything when it runs). */
async function scheduleReminder(tx: Tx, row: { id: string; status: SubscriptionStatus; currentPeriodEnd: Date | null; reminderScheduledFor: Date | null }) {
  const end = row.currentPeriodEnd;
  if (!end || row.status !== "ACTIVE" || end.getTime() <= Date.now()) return;
  if (row.reminderScheduledFor?.getTime() === end.getTime()) return;
  await enqueueJob(renewalReminderJob, { subscriptionId: row.id, periodEnd: end.toISOString() }, { tx, startAfter: reminderTime(end) });
  await tx.subscription.update({ where: { id: row.id }, data: { reminderScheduledFor: end } });
}

/**
 * The owner from the subscription's metadata. A guest who signed in since (their guest id
 * is linked) owns it through their account.
 */
async function ownerOf(tx: Tx, metadata: Partial<SubscriptionMetadata>): Promise<OwnerColumns | null> {
  if (metadata.user_id && isUuid(metadata.user_id)) {
    const user = await tx.user.findUnique({ where: { id: metadata.user_id }, select: { id: true } });
    return user ? { userId: user.id, guestKeyHash: null } : null;
  }
  if (metadata.guest_key_hash && /^[0-9a-f]{64}$/.test(metadata.guest_key_hash)) {
    const link = await tx.guestLink.findUnique({ where: { guestKeyHash: metadata.guest_key_hash }, select: { userId: true } });
    return link ? { userId: link.userId, guestKeyHash: null } : { userId: null, guestKeyHash: metadata.guest_key_hash };
  }
  return null;
}

/** A prescription plan's prescription, only when it is the subscription owner's own. */
async function ownPrescription(tx: Tx, id: string | undefined, owner: OwnerColumns): Promise<string | null> {
  if (!id || !isUuid(id) || !owner.userId) return null;
  // Two plans paid for one prescription (checkouts opened far apart): only the first supplies it.
  const found = await tx.prescription.findFirst({ where: { id, request: { userId: owner.userId }, subscription: null }, select: { id: true } });
  return found?.id ?? null;
}

/** The email and delivery address the patient gave on the subscription's checkout page. */
async function checkoutOf(stripeSubscriptionId: string) {
  const sessions = await stripe().checkout.sessions.list({ subscription: stripeSubscriptionId, limit: 1 });
  const session = sessions.data[0];
  const shipping = session?.collected_information?.shipping_details;
  return {
    sessionId: session?.id ?? null,
    email: session?.customer_details?.email ?? null,
    address: shipping
      ? {
          shipName: shipping.name,
          shipLine1: shipping.address.line1 ?? null,
          shipLine2: shipping.address.line2 ?? "",
          shipCity: shipping.address.city ?? null,
          shipPostcode: shipping.address.postal_code ?? null,
        }
      : {},
  };
}

async function customerEmail(customerId: string): Promise<string | null> {
  if (!customerId) return null;
  const customer = await stripe().customers.retrieve(customerId);
  return "deleted" in customer && customer.deleted ? null : (customer.email ?? null);
}

/** A subscription event: sync it. */
export function applySubscription(stripeSubscriptionId: string): Promise<SyncResult> {
  return withSubscriptionLock(stripeSubscriptionId, (tx) => syncSubscription(tx, stripeSubscriptionId));
}
