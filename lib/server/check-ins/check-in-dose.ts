import "server-only";
import { doseLadderFor, doseStep, nextDose, startingDose } from "@/lib/medicines/dose-ladders";
import { AppError } from "@/lib/server/core/errors/app-error";
import { DOSE_STEP_REQUIRED } from "@/lib/validation/check-ins";

// Dose-ladder medicines (lib/medicines/dose-ladders.ts; Mounjaro SmPC 4.2): the dose goes up
// one step at a time, and only after a check-in at the previous dose that a prescriber
// approved (GPhC distance-pharmacy guidance, February 2025, repeat supplies).

/** The dose the patient is on: the subscription's, or the starting dose for one made before doses were recorded. */
export function currentDoseOf(slug: string, subscriptionDose: string | null): string | null {
  if (!doseLadderFor(slug)) return null;
  return subscriptionDose ?? startingDose(slug);
}

/**
 * What the patient's check-in asks for next: the same dose or one step up. Required for a
 * ladder medicine when they continue (422 otherwise); no step up from the maximum.
 */
export function requestedDoseOf(slug: string, current: string | null, step: "same" | "up" | undefined): string | null {
  if (!current) return null;
  if (!step) throw new AppError("validation_failed", DOSE_STEP_REQUIRED, { dose_step: [DOSE_STEP_REQUIRED] });
  if (step === "same") return current;
  const next = nextDose(slug, current);
  if (!next) {
    const message = `You are on the highest dose (${current}): choose to stay on it.`;
    throw new AppError("validation_failed", message, { dose_step: [message] });
  }
  return next;
}

/**
 * The dose the prescriber approves: the one they chose (default: the patient's request), the
 * same as the check-in's dose or exactly one step up; anything else is refused (422).
 */
export function approvedDoseOf(slug: string, checkIn: { dose: string | null; requestedDose: string | null }, chosen: string | undefined): { dose: string; step: "same" | "up" } | null {
  if (!checkIn.dose) return null;
  const dose = chosen ?? checkIn.requestedDose ?? checkIn.dose;
  const step = doseStep(slug, checkIn.dose, dose);
  if (!step) {
    const next = nextDose(slug, checkIn.dose);
    const message = `The next dose must be ${checkIn.dose} (the same)${next ? ` or ${next} (one step up)` : ""}: the dose goes up one step at a time, after at least 4 weeks on the current dose (Mounjaro SmPC 4.2).`;
    throw new AppError("validation_failed", message, { dose: [message] });
  }
  return { dose, step };
}
