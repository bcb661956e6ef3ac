import "server-only";
import { z } from "zod";
import { db } from "@/lib/server/core/db/client";
import { defineJob } from "@/lib/server/services/jobs/define-job";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { renewalReminderMail } from "./subscription-mail";
import { millisecondsInDay } from "date-fns/constants";

// UK subscription rules (DMCC Act 2024): the patient hears before every renewal charge, with
// the date, the amount and how to stop it. Queued when a subscription enters a period
// (sync-subscription.ts), to run REMINDER_DAYS before its end.

export const REMINDER_DAYS = 3;

/** When the reminder for a renewal at `periodEnd` is due (at once if that is already past). */
export function reminderTime(periodEnd: Date, now = new Date()): Date {
  return new Date(Math.max(now.getTime(), periodEnd.getTime() - REMINDER_DAYS * millisecondsInDay));
}

export type ReminderOutcome = "sent" | "already sent" | "not renewing" | "period moved on" | "not due";

/**
 * Sends the reminder if, now, the subscription will still be charged at `periodEnd`: active,
 * not set to cancel, not paused or skipping that renewal, and the date is still ahead. Once
 * per period (reminder_sent_for), under the row's lock.
 */
export async function sendRenewalReminder(subscriptionId: string, periodEnd: Date, now = new Date()): Promise<ReminderOutcome> {
  if (now.getTime() < periodEnd.getTime() - REMINDER_DAYS * millisecondsInDay - 60_000) return "not due";
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM subscriptions WHERE id = ${subscriptionId}::uuid FOR UPDATE`;
    if (!row) return "not renewing";
    const subscription = await tx.subscription.findUniqueOrThrow({
      where: { id: subscriptionId },
      include: { plan: { select: { name: true } }, checkIns: { where: { periodEnd, status: { in: ["DUE", "SUBMITTED"] } }, select: { id: true } } },
    });
    if (subscription.currentPeriodEnd?.getTime() !== periodEnd.getTime() || periodEnd.getTime() <= now.getTime()) return "period moved on";
    // A prescription-only renewal paused only until its check-in is approved still renews then: the reminder says so.
    const awaitingCheckIn = subscription.checkIns.length > 0;
    const skipped = !awaitingCheckIn && subscription.collectionPaused && (subscription.resumesAt === null || subscription.resumesAt.getTime() > periodEnd.getTime());
    if (subscription.status !== "ACTIVE" || subscription.cancelAtPeriodEnd || skipped) return "not renewing";
    if (subscription.reminderSentFor?.getTime() === periodEnd.getTime()) return "already sent";
    await sendMail(renewalReminderMail({ ...subscription, planName: subscription.plan.name }, periodEnd, { awaitingCheckIn }), tx);
    await tx.subscription.update({ where: { id: subscriptionId }, data: { reminderSentFor: periodEnd } });
    return "sent";
  });
}

export const renewalReminderJob = defineJob(
  "subscription.renewal-reminder",
  z.object({ subscriptionId: z.uuid(), periodEnd: z.iso.datetime() }),
  async ({ subscriptionId, periodEnd }) => {
    const result = await sendRenewalReminder(subscriptionId, new Date(periodEnd));
    // Run early by a clock that differs from the database's: retried shortly (backoff).
    if (result === "not due") throw new Error("The reminder is not due yet.");
    return { result };
  },
  { retryLimit: 8, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 5 * 60, concurrency: 1 },
);
