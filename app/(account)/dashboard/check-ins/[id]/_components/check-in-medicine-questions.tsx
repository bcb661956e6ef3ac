"use client";

import type { PatientCheckIn } from "@/lib/server/check-ins/types";
import { CheckInDoseChoice } from "./check-in-dose-choice";
import { CheckInWeightPhoto } from "./check-in-weight-photo";

type Props = { checkIn: Pick<PatientCheckIn, "id" | "dose" | "needsWeight" | "weightPhotos">; errors: Record<string, string | undefined>; disabled: boolean };

/** The questions a medicine adds to its check-in: a scales photo for a weight-loss medicine, the next dose for a dose-ladder medicine. */
export function CheckInMedicineQuestions({ checkIn, errors, disabled }: Props) {
  return (
    <>
      {checkIn.needsWeight ? <CheckInWeightPhoto checkInId={checkIn.id} sent={checkIn.weightPhotos} error={errors.photo} disabled={disabled} /> : null}
      {checkIn.dose ? <CheckInDoseChoice dose={checkIn.dose} error={errors.dose_step} disabled={disabled} /> : null}
    </>
  );
}

/** The answers these questions add to the check-in's request. */
export function medicineAnswers(data: FormData): { dose_step?: string } {
  const step = data.get("dose_step");
  return typeof step === "string" ? { dose_step: step } : {};
}
