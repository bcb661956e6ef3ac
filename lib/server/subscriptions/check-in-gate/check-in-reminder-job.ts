import "server-only";
import { z } from "zod";
import { db, type Tx } from "@/lib/server/core/db/client";
import { defineJob } from "@/lib/server/services/jobs/define-job";
import { enqueueJob } from "@/lib/server/services/jobs/enqueue-job";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { checkInReminderMail } from "./check-in-mail";
import { millisecondsInDay } from "date-fns/constants";

// The patient is reminded to complete a renewal check-in 7 and 3 days before the renewal
// (issue 23), once each, and only while it is still unanswered. Queued with the check-in.

const CHECK_IN_REMINDER_DAYS = [7, 3] as const;
export type CheckInReminderDays = (typeof CHECK_IN_REMINDER_DAYS)[number];

export type CheckInReminderOutcome = "sent" | "already sent" | "not due" | "answered" | "too late";

/** Queues both reminders for a new check-in (a time already past runs at once). */
export async function scheduleCheckInReminders(tx: Tx, checkInId: string, periodEnd: Date, now = new Date()): Promise<void> {
  for (const days of CHECK_IN_REMINDER_DAYS) {
    const at = new Date(periodEnd.getTime() - days * millisecondsInDay);
    // A period shorter than a week: the 7-day reminder would come with the 3-day one; only the later one is sent.
    if (days === 7 && at.getTime() <= now.getTime() && periodEnd.getTime() - 3 * millisecondsInDay <= now.getTime()) continue;
    await enqueueJob(checkInReminderJob, { checkInId, days }, { tx, startAfter: at.getTime() > now.getTime() ? at : now, singletonKey: `${checkInId}:${days}` });
  }
}

/** Sends the reminder `days` before the renewal if the check-in is still DUE and the renewal still ahead; once. */
export async function sendCheckInReminder(checkInId: string, days: CheckInReminderDays, now = new Date()): Promise<CheckInReminderOutcome> {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM check_ins WHERE id = ${checkInId}::uuid FOR UPDATE`;
    if (!locked) return "answered";
    const row = await tx.checkIn.findUniqueOrThrow({
      where: { id: checkInId },
      select: { status: true, periodEnd: true, reminder7SentAt: true, reminder3SentAt: true, subscription: { select: { email: true, plan: { select: { name: true } } } } },
    });
    if (now.getTime() < row.periodEnd.getTime() - days * millisecondsInDay - 60_000) return "not due";
    if (row.status !== "DUE") return "answered";
    if (row.periodEnd.getTime() <= now.getTime()) return "too late";
    if ((days === 7 ? row.reminder7SentAt : row.reminder3SentAt) !== null) return "already sent";
    await sendMail(checkInReminderMail({ email: row.subscription.email, planName: row.subscription.plan.name }, checkInId, row.periodEnd), tx);
    await tx.checkIn.update({ where: { id: checkInId }, data: days === 7 ? { reminder7SentAt: now } : { reminder3SentAt: now } });
    return "sent";
  });
}

export const checkInReminderJob = defineJob(
  "subscription.check-in-reminder",
  z.object({ checkInId: z.uuid(), days: z.union([z.literal(7), z.literal(3)]) }),
  async ({ checkInId, days }) => {
    const result = await sendCheckInReminder(checkInId, days);
    // Run early by a clock that differs from the database's: retried shortly (backoff).
    if (result === "not due") throw new Error("The check-in reminder is not due yet.");
    return { result };
  },
  { retryLimit: 8, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 5 * 60, concurrency: 1 },
);
