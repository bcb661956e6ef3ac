// Side-effect reports: the choices a patient is offered and the rule that makes an answer
// serious, shared by the form (an instant message) and the server (which decides).
//
// Sources: NHS "When to call 999" and NHS 111 (call 999 for difficulty breathing, chest
// pain, swelling of the face, lips, tongue or throat, fainting or collapse; 111 for urgent
// advice); MHRA Yellow Card (https://yellowcard.mhra.gov.uk/), the UK scheme for reporting
// suspected side effects; MHRA Drug Safety Update (May 2024) on finasteride and thoughts of
// suicide; GPhC "Guidance for registered pharmacies providing pharmacy services at a
// distance, including on the internet" (February 2025): a pharmacy must be able to act on
// a patient's report of a problem with a medicine, and repeat supplies are reviewed.

export const YELLOW_CARD_URL = "https://yellowcard.mhra.gov.uk/";

export const SEVERITIES = ["MILD", "MODERATE", "SEVERE"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_LABELS: Record<Severity, string> = { MILD: "Mild", MODERATE: "Moderate", SEVERE: "Severe" };
export const SEVERITY_HINTS: Record<Severity, string> = {
  MILD: "Noticeable, but it does not stop your usual activities.",
  MODERATE: "It gets in the way of your usual activities.",
  SEVERE: "It stops you doing your usual activities, or you feel very unwell.",
};

/** Red-flag symptoms: any one of them means call 999 now (NHS "When to call 999"). */
export const RED_FLAGS = [
  { id: "breathing", label: "Difficulty breathing" },
  { id: "chest-pain", label: "Chest pain or tightness" },
  { id: "swelling", label: "Swelling of the face, lips, tongue or throat" },
  { id: "fainting", label: "Fainting or collapsing" },
  { id: "rash", label: "A sudden severe rash, blistering or peeling skin" },
  { id: "heartbeat", label: "A very fast or irregular heartbeat" },
  // MHRA Drug Safety Update, May 2024: finasteride and suicidal thoughts.
  { id: "self-harm", label: "Thoughts of harming yourself or of suicide" },
] as const;
export type RedFlag = (typeof RED_FLAGS)[number]["id"];
export const RED_FLAG_IDS = RED_FLAGS.map((flag) => flag.id) as [RedFlag, ...RedFlag[]];

export function redFlagLabel(id: string): string {
  return RED_FLAGS.find((flag) => flag.id === id)?.label ?? id;
}

/** A red flag, or severity severe: the patient is told to call 999 (or 111) at once. */
export function isSerious(severity: Severity, redFlags: readonly string[]): boolean {
  return severity === "SEVERE" || redFlags.length > 0;
}

export const OUTCOMES = ["NO_ACTION", "ADVICE_GIVEN", "TREATMENT_PAUSED", "REFERRED"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OUTCOME_LABELS: Record<Outcome, string> = {
  NO_ACTION: "No action needed",
  ADVICE_GIVEN: "Advice given",
  TREATMENT_PAUSED: "Treatment paused",
  REFERRED: "Referred to GP or 999",
};
