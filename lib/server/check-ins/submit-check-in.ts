import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { logger } from "@/lib/server/core/log/logger";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { describeError, providerMessage, stripe } from "@/lib/server/services/payments/stripe-client";
import { cancelledMail } from "@/lib/server/subscriptions/subscription-mail";
import { applySubscription } from "@/lib/server/subscriptions/sync-subscription";
import { CHECK_IN_NOT_FOUND, type SubmitCheckInInput } from "@/lib/validation/check-ins";
import { currentDoseOf, requestedDoseOf } from "./check-in-dose";
import { hairLossSubscriptionSelect, isHairLossCheckIn } from "./is-hair-loss-check-in";
import { linkCheckInPhotos } from "./link-check-in-photos";
import type { CheckInActionResult } from "./types";
import { isUuid } from "@/lib/validation/uuid";

const WEIGHT_REQUIRED = "Enter your weight today in kilograms: your prescriber needs it to check your dose.";
const WEIGHT_PHOTO_REQUIRED = "Add a full-length photo of yourself on your scales, holding today's date handwritten on paper: your prescriber verifies your weight from it.";

/**
 * The patient answers their check-in (owner only; someone else's is not found), in one
 * transaction under the check-in's row lock. "Continue" or "speak to a doctor": it goes to the
 * prescriber's queue (the latter flagged). "Stop": the subscription is set to end at the end
 * of the period (at once after a missed renewal), nothing more is charged, and no prescriber
 * step is needed. A missed check-in can still be answered: once approved, it charges and
 * supplies at once.
 */
export async function submitCheckIn(actor: Actor, id: string, input: SubmitCheckInInput): Promise<CheckInActionResult> {
  if (!isUuid(id)) throw new AppError("not_found", CHECK_IN_NOT_FOUND);
  const result = await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM check_ins WHERE id = ${id}::uuid FOR UPDATE`;
      const row = await tx.checkIn.findFirst({
        where: { id, ...ownedBy(actor) },
        select: {
          id: true,
          reference: true,
          status: true,
          createdAt: true,
          subscription: {
            select: {
              ...hairLossSubscriptionSelect,
              stripeSubscriptionId: true,
              status: true,
              cancelAtPeriodEnd: true,
              email: true,
              pricePence: true,
              durationMonths: true,
              currentPeriodEnd: true,
              dose: true,
              plan: { select: { name: true } },
              product: { select: { slug: true, requiresWeightVerification: true } },
            },
          },
        },
      });
      if (!row) throw new AppError("not_found", CHECK_IN_NOT_FOUND);
      if (row.status !== "DUE" && row.status !== "MISSED") throw new AppError("conflict", "You have already sent this check-in. We will email you when our prescriber has reviewed it.");
      const sub = row.subscription;
      if (sub.status === "CANCELED" || sub.status === "INCOMPLETE_EXPIRED" || sub.cancelAtPeriodEnd) {
        throw new AppError("conflict", "This subscription has ended or is cancelled, so there is no next supply to check in for.");
      }
      if (sub.product.requiresWeightVerification && input.weight_kg === undefined) throw new AppError("validation_failed", WEIGHT_REQUIRED, { weight_kg: [WEIGHT_REQUIRED] });
      const stop = input.continue === "stop";
      // A weight-loss medicine is never supplied on self-reported weight alone, repeats included
      // (GPhC distance-pharmacy guidance, February 2025, weight management): a scales photo comes first.
      if (sub.product.requiresWeightVerification && !stop && !(await tx.weightEvidence.findFirst({ where: { checkInId: id, kind: "PHOTO" }, select: { id: true } }))) {
        throw new AppError("validation_failed", WEIGHT_PHOTO_REQUIRED, { photo: [WEIGHT_PHOTO_REQUIRED] });
      }
      // A dose-ladder medicine: the dose they are on, and the one they ask for next (stopping asks for none).
      const dose = currentDoseOf(sub.product.slug, sub.dose);
      const requestedDose = stop ? null : requestedDoseOf(sub.product.slug, dose, input.dose_step);
      // A hair-loss check-in sends its progress photos (not needed to stop the treatment).
      if (isHairLossCheckIn(sub) && !stop) {
        if (actor.kind === "guest") throw new AppError("unauthorized", "Sign in to add your progress photos to this check-in.");
        await linkCheckInPhotos(tx, { id, userId: actor.user.id, openedAt: row.createdAt }, input.progress_photo_set_id);
      }
      const now = new Date();
      await tx.checkIn.update({
        where: { id },
        data: {
          status: stop ? "STOPPED" : "SUBMITTED",
          weightKg: sub.product.requiresWeightVerification ? input.weight_kg : null,
          sideEffects: input.side_effects === "yes" ? (input.side_effects_detail ?? null) : null,
          newConditions: input.new_conditions === "yes" ? (input.new_conditions_detail ?? null) : null,
          wantsToContinue: stop ? "STOP" : input.continue === "doctor" ? "DOCTOR" : "YES",
          dose,
          requestedDose,
          submittedAt: now,
        },
      });
      await recordAuditEvent({ actor: actor.kind === "guest" ? null : actor, action: stop ? "check_in.stopped" : "check_in.submitted", subjectType: "check_in", subjectId: id, detail: { reference: row.reference, late: row.status === "MISSED" } }, tx);
      if (stop) {
        // Told to Stripe under the lock: if it fails, nothing is recorded and the patient may try again.
        const late = row.status === "MISSED";
        try {
          if (late) await stripe().subscriptions.cancel(sub.stripeSubscriptionId);
          else await stripe().subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: true });
        } catch (error) {
          logger.error(`Stopping subscription for check-in ${row.reference} failed at the payment provider: ${describeError(error)}`);
          throw new AppError("bad_gateway", `We could not stop your subscription: ${providerMessage(error)} Please try again.`);
        }
        await sendMail(cancelledMail({ email: sub.email, planName: sub.plan.name, pricePence: sub.pricePence, durationMonths: sub.durationMonths }, late ? null : sub.currentPeriodEnd), tx);
      }
      return { reference: row.reference, stop, stripeId: sub.stripeSubscriptionId };
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  if (result.stop) await applySubscription(result.stripeId);
  return {
    id,
    reference: result.reference,
    status: result.stop ? "STOPPED" : "SUBMITTED",
    message: result.stop
      ? "Your subscription is stopped: nothing more will be charged or sent."
      : input.continue === "doctor"
        ? "Thank you. A prescriber will contact you to arrange a consultation; nothing is charged until your next supply is approved."
        : "Thank you. Our prescriber will review your answers; we will email you when your next supply is approved.",
  };
}
