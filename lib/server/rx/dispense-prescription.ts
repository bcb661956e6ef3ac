import "server-only";
import type { PharmacyActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { formatLongDate } from "@/lib/format/dates";
import { consumeRateLimit, refundRateLimit } from "@/lib/server/services/rate-limit/consume-rate-limit";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { UNKNOWN_PRESCRIPTION_MESSAGE, type DispensePrescriptionInput } from "@/lib/validation/rx";
import { getPharmacyProfile, pharmacyLabel } from "./get-pharmacy-profile";
import type { DispenseResult, PharmacyProfile } from "./types";

const WRONG_CODE_MESSAGE = "That code does not match this prescription.";
const TOO_MANY_CODES = "Too many wrong codes have been entered for this prescription. Please try again in an hour.";

type Outcome = "dispensed" | "already_dispensed" | "on_plan" | "expired" | "unknown" | "wrong_code";

/** A prescription our own pharmacy supplies under the patient's prescription plan is never also dispensed elsewhere. */
export const ON_PLAN_MESSAGE = "This prescription is supplied by our pharmacy under the patient's prescription plan, so it cannot be dispensed here.";

/**
 * A signed-in pharmacy account marks prescription `reference` dispensed with the one-time
 * code printed on it; the pharmacy is recorded from its account (premises and responsible
 * pharmacist), never from what the request says.
 * One conditional UPDATE decides (right code, not yet dispensed, not expired), so of any
 * number of concurrent attempts exactly one succeeds; it and its audit row commit together.
 * Wrong codes are throttled per prescription and per client address, counted before the
 * attempt (so parallel guesses cannot slip past) and given back unless the code was wrong.
 */
export async function dispensePrescription(actor: PharmacyActor, reference: string, input: DispensePrescriptionInput, context: { address: string }): Promise<DispenseResult> {
  const pharmacy = await getPharmacyProfile(actor);
  await consumeRateLimit(rateLimits.rxWrongCodePerAddress, context.address);
  try {
    await consumeRateLimit(rateLimits.rxWrongCodePerPrescription, reference);
  } catch (error) {
    await refundRateLimit(rateLimits.rxWrongCodePerAddress, context.address);
    throw error instanceof AppError && error.code === "rate_limited" ? new AppError("rate_limited", TOO_MANY_CODES, undefined, error.headers) : error;
  }

  const dispensedAt = await markDispensed(actor, pharmacy, reference, input);
  const state = dispensedAt ? null : await readState(reference);
  const outcome: Outcome = dispensedAt ? "dispensed" : !state ? "unknown" : state.dispensedAt ? "already_dispensed" : state.onPlan ? "on_plan" : state.expired ? "expired" : "wrong_code";
  if (outcome !== "wrong_code") {
    await refundRateLimit(rateLimits.rxWrongCodePerPrescription, reference);
    if (outcome !== "unknown") await refundRateLimit(rateLimits.rxWrongCodePerAddress, context.address);
  }

  if (dispensedAt) {
    return { message: `Marked as dispensed on ${formatLongDate(dispensedAt)} by ${pharmacyLabel(pharmacy)}.`, dispensedAt: dispensedAt.toISOString() };
  }
  if (!state) throw new AppError("not_found", UNKNOWN_PRESCRIPTION_MESSAGE);
  if (state.dispensedAt) {
    throw new AppError("conflict", `This prescription was already dispensed on ${formatLongDate(state.dispensedAt)} by ${state.dispensedBy ?? "another pharmacy"}.`);
  }
  if (state.onPlan) throw new AppError("conflict", ON_PLAN_MESSAGE);
  if (state.expired) {
    throw new AppError("conflict", `This prescription expired on ${formatLongDate(state.expiresAt)} and can no longer be dispensed.`);
  }
  throw new AppError("validation_failed", WRONG_CODE_MESSAGE, { code: [WRONG_CODE_MESSAGE] });
}

/** The one write: null unless this call is the one that dispensed it. */
async function markDispensed(actor: PharmacyActor, pharmacy: PharmacyProfile, reference: string, input: DispensePrescriptionInput): Promise<Date | null> {
  return db.$transaction(async (tx) => {
    // Timestamps are UTC without a zone (as Prisma stores them); the interval matches
    // prescriptionExpiresAt, which the page and PDF print.
    const [row] = await tx.$queryRaw<{ id: string; dispensed_at: Date }[]>`
      UPDATE prescriptions
      SET dispensed_at = (now() AT TIME ZONE 'UTC'), dispensed_by = ${pharmacyLabel(pharmacy)}, dispensed_by_id = ${actor.user.id}::uuid
      WHERE reference = ${reference}
        AND dispense_code = ${input.code}
        AND dispensed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE subscriptions.prescription_id = prescriptions.id)
        AND issued_at + interval '6 months' > (now() AT TIME ZONE 'UTC')
      RETURNING id::text, dispensed_at`;
    if (!row) return null;
    await recordAuditEvent(
      {
        actor,
        action: "prescription.dispensed",
        subjectType: "prescription",
        subjectId: row.id,
        detail: {
          reference,
          pharmacy: pharmacy.name,
          premisesNumber: pharmacy.premisesNumber,
          responsiblePharmacist: pharmacy.responsiblePharmacistName,
          responsiblePharmacistNumber: pharmacy.responsiblePharmacistNumber,
        },
      },
      tx,
    );
    return row.dispensed_at;
  });
}

/** Why the write did not happen; the database judges expiry with the same clock as the write. */
async function readState(reference: string) {
  const [row] = await db.$queryRaw<{ dispensed_at: Date | null; dispensed_by: string | null; on_plan: boolean; expires_at: Date; expired: boolean }[]>`
    SELECT dispensed_at, dispensed_by, issued_at + interval '6 months' AS expires_at,
      EXISTS (SELECT 1 FROM subscriptions WHERE subscriptions.prescription_id = prescriptions.id) AS on_plan,
      issued_at + interval '6 months' <= (now() AT TIME ZONE 'UTC') AS expired
    FROM prescriptions WHERE reference = ${reference}`;
  return row ? { dispensedAt: row.dispensed_at, dispensedBy: row.dispensed_by, onPlan: row.on_plan, expiresAt: row.expires_at, expired: row.expired } : null;
}
