import "server-only";
import type { UserSubscription } from "@/lib/subscriptions/subscription-view";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { describeError, providerMessage, stripe } from "@/lib/server/services/payments/stripe-client";
import { cancelledMail } from "./subscription-mail";
import { applySubscription } from "./sync-subscription";
import { awaitingCheckIn, subscriptionSelect, toUserSubscription } from "./user-subscriptions";
import { logger } from "@/lib/server/core/log/logger";

export type SubscriptionAction = "cancel" | "pause" | "resume" | "skip";

const SUBSCRIPTION_NOT_FOUND = "Subscription not found.";

const MESSAGES: Record<SubscriptionAction, string> = {
  cancel: "Subscription canceled successfully.",
  pause: "Your subscription is paused: no renewals are charged or sent until you resume it.",
  resume: "Your subscription is running again: it renews at the end of the current period.",
  skip: "Your next renewal is skipped: nothing is charged or sent then.",
};

const DAY_SECONDS = 24 * 60 * 60;

/**
 * One step for the patient, told to Stripe (the truth) and then mirrored at once, so the
 * page shows it before the webhook arrives (which finds the same state). Owner only: another
 * patient's subscription is "not found". Cancel ends it at the end of the paid period (a
 * subscription whose renewal payment failed ends at once: nothing is owed for the period);
 * pause stops renewals until resumed; skip lets the next renewal pass uncharged. Asking for
 * what is already so answers the same success.
 */
export async function manageSubscription(actor: Actor, id: string, action: SubscriptionAction): Promise<{ message: string; subscription: UserSubscription }> {
  const row = await db.subscription.findFirst({
    where: { id, ...ownedBy(actor) },
    select: { ...subscriptionSelect, email: true, stripeSubscriptionId: true },
  });
  if (!row) throw new AppError("not_found", SUBSCRIPTION_NOT_FOUND);
  // A prescription-only renewal waits for its check-in (check-in-gate.ts): pausing, resuming or skipping cannot go round it.
  const waiting = awaitingCheckIn(row.checkIns);
  if (waiting && action !== "cancel") {
    throw new AppError("conflict", `Your next supply is waiting for your check-in. Complete it at /dashboard/check-ins/${waiting.id}: once our prescriber approves it, your subscription carries on.`);
  }
  const ended = row.status === "CANCELED" || row.status === "INCOMPLETE_EXPIRED";
  if (ended && action !== "cancel") throw new AppError("conflict", "This subscription has ended. You can start a new one from Available Plans.");
  const stripeId = row.stripeSubscriptionId;
  const periodEnd = row.currentPeriodEnd;

  let changed = false;
  try {
    if (action === "cancel" && !ended && !row.cancelAtPeriodEnd) {
      if (row.status === "ACTIVE" || row.status === "TRIALING") await stripe().subscriptions.update(stripeId, { cancel_at_period_end: true, pause_collection: "" });
      else await stripe().subscriptions.cancel(stripeId);
      changed = true;
    } else if (action !== "cancel") {
      if (row.cancelAtPeriodEnd) throw new AppError("conflict", "This subscription is cancelled and ends at the end of the paid period.");
      if (row.status !== "ACTIVE") throw new AppError("conflict", "Only a running subscription can be paused, resumed or skipped. If a payment failed, we retry it over the next few days.");
      if (action === "pause" && !(row.collectionPaused && !row.resumesAt)) {
        await stripe().subscriptions.update(stripeId, { pause_collection: { behavior: "void" } });
        changed = true;
      } else if (action === "resume" && row.collectionPaused) {
        await stripe().subscriptions.update(stripeId, { pause_collection: "" });
        changed = true;
      } else if (action === "skip" && !row.collectionPaused) {
        if (!periodEnd) throw new AppError("conflict", "This subscription has no renewal date yet. Please try again in a minute.");
        // Collection resumes a day after the skipped renewal: the one after is charged as usual.
        await stripe().subscriptions.update(stripeId, { pause_collection: { behavior: "void", resumes_at: Math.floor(periodEnd.getTime() / 1000) + DAY_SECONDS } });
        changed = true;
      } else if (action === "skip") {
        throw new AppError("conflict", row.resumesAt ? "Your next renewal is already skipped." : "Your subscription is paused. Resume it first.");
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error(`Subscription ${row.id} ${action} failed at the payment provider: ${describeError(error)}`);
    throw new AppError("bad_gateway", `We could not ${action} your subscription: ${providerMessage(error)} Please try again.`);
  }
  if (changed) await applySubscription(stripeId);
  const fresh = await db.subscription.findUniqueOrThrow({ where: { id: row.id }, select: subscriptionSelect });
  if (changed && action === "cancel") {
    await sendMail(cancelledMail({ email: row.email, planName: fresh.plan.name, pricePence: fresh.pricePence, durationMonths: fresh.durationMonths }, fresh.cancelAtPeriodEnd ? fresh.currentPeriodEnd : null));
  }
  return { message: MESSAGES[action], subscription: toUserSubscription(fresh) };
}
