import "server-only";
import type { CheckInAnswers, CheckInFlag } from "./types";

type AnswerColumns = {
  weightKg: { toString(): string } | null;
  sideEffects: string | null;
  newConditions: string | null;
  wantsToContinue: "YES" | "STOP" | "DOCTOR" | null;
  submittedAt: Date | null;
};

export const answerSelect = { weightKg: true, sideEffects: true, newConditions: true, wantsToContinue: true, submittedAt: true } as const;

export function toAnswers(row: AnswerColumns): CheckInAnswers {
  return {
    weightKg: row.weightKg ? row.weightKg.toString() : null,
    sideEffects: row.sideEffects,
    newConditions: row.newConditions,
    wantsToContinue: row.wantsToContinue,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** The flags a prescriber sees first (the seam where side-effect reports join later). */
export function flagsOf(row: Pick<AnswerColumns, "sideEffects" | "newConditions" | "wantsToContinue">): CheckInFlag[] {
  const flags: CheckInFlag[] = [];
  if (row.wantsToContinue === "DOCTOR") flags.push({ kind: "wants_doctor", label: "Asked to speak to a doctor" });
  if (row.sideEffects) flags.push({ kind: "side_effects", label: "Side effects reported" });
  if (row.newConditions) flags.push({ kind: "new_conditions", label: "New conditions or medicines" });
  return flags;
}
