import type { BranchRule, Question } from "../types";

// Questions every treatment assessment asks in the same words.

export const YES_NO = ["Yes", "No"];
const UNDERSTOOD = "I understand";

/** Date of birth, with the adult-only rule (and an upper age where the licence sets one); `next` is the following step. */
export function dateOfBirthQuestion(options: { next: number; maxAge?: number; endMessage?: string; source: string }): Question {
  const rules: BranchRule[] = [{ when: { ageUnder: 18 }, goto: "end", source: options.source }];
  if (options.maxAge) rules.push({ when: { not: { ageUnder: options.maxAge + 1 } }, goto: "end", source: options.source });
  return {
    id: "date-of-birth",
    text: "What is your date of birth?",
    hint: "YYYY-MM-DD: type it or choose it from the calendar.",
    kind: "date",
    textBoxPlaceholder: "YYYY-MM-DD",
    autoComplete: "bday",
    requiredMessage: "Please enter your date of birth.",
    invalidMessage: "Please enter a valid date of birth.",
    branching: { rules, otherwise: options.next },
    endMessage: options.endMessage ?? "Must be 18 or older.",
  };
}

/** A yes/no safety question: "Yes" ends the assessment with `endMessage` (the reason, in plain words). */
export function stopIfYes(id: string, text: string, options: { next: number | "submit"; endMessage: string; source: string; hint?: string; section?: string }): Question {
  return {
    id,
    ...(options.section ? { section: options.section } : {}),
    text,
    ...(options.hint ? { hint: options.hint } : {}),
    kind: "single",
    options: YES_NO,
    branching: { rules: [{ when: { equals: "Yes" }, goto: "end", source: options.source }], otherwise: options.next },
    endMessage: options.endMessage,
  };
}

const QUESTION_FIRST = "I have a question first";

/** The closing step: the patient confirms the safety advice, or asks a clinician first. */
export function understandingQuestion(text: string, hint: string): Question {
  return {
    id: "understanding",
    section: "Before you continue",
    text,
    hint,
    kind: "single",
    options: [UNDERSTOOD, QUESTION_FIRST],
    branching: {
      rules: [{ when: { equals: QUESTION_FIRST }, goto: "end", source: "GPhC guidance 2019: patients can speak to a clinician before supply" }],
      otherwise: "submit",
    },
    endMessage: "A clinician will gladly answer your questions before you start. Please book a consultation.",
  };
}

export const CONSULT = "Please book a consultation so one of our clinicians can advise you.";
