import "server-only";
import { londonToday } from "@/lib/format/dates";
import { ageOn, isIsoDate } from "@/lib/questionnaire/age";
import type { Answers, QuestionnaireDefinition } from "@/lib/questionnaire/types";

// The questions whose answers identify the patient on a prescription (steps 1 and 2 of the
// prescription questionnaire), found by their stable ids rather than by position.
const NAME_QUESTION = "full-name";
const DATE_OF_BIRTH_QUESTION = "date-of-birth";

export type PatientIdentity = { name: string | null; dateOfBirth: string | null; age: number | null };

function textOf(definition: QuestionnaireDefinition, answers: Answers, questionId: string): string | null {
  const index = definition.steps.findIndex((question) => question.id === questionId);
  const text = index >= 0 ? answers[index + 1]?.text?.trim() : undefined;
  return text ? text : null;
}

/** The patient's name and date of birth (yyyy-MM-dd) as answered, and their age today in UK time. */
export function patientIdentity(definition: QuestionnaireDefinition, answers: Answers, today: string = londonToday()): PatientIdentity {
  const name = textOf(definition, answers, NAME_QUESTION);
  const given = textOf(definition, answers, DATE_OF_BIRTH_QUESTION);
  const dateOfBirth = given && isIsoDate(given) ? given : null;
  return { name, dateOfBirth, age: dateOfBirth ? ageOn(dateOfBirth, today) : null };
}
