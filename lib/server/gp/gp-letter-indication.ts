import "server-only";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";

// Why the medicine was supplied, as the GP reads it: the condition each questionnaire assesses,
// with the licensed indication it was checked against (each definition's SmPC source).
const INDICATIONS: Record<string, string> = {
  prescription: "Hair loss, assessed from the patient's answers to our prescription questionnaire",
  minoxidil: "Hair loss (androgenetic alopecia), assessed online against the Regaine SmPC section 4.1",
  mounjaro: "Weight management, assessed online against the Mounjaro SmPC section 4.1 and NICE TA1026 (BMI from the patient's height and weight)",
  viagra: "Erectile dysfunction, assessed online against the Viagra SmPC section 4.1",
  cialis: "Erectile dysfunction, assessed online against the Cialis SmPC section 4.1",
};

/** The indication behind the questionnaires a supply rests on, one sentence per questionnaire. */
export function gpLetterIndication(definitionSlugs: string[]): string {
  const lines = [...new Set(definitionSlugs)].map((slug) => INDICATIONS[slug] ?? `As assessed in our ${getQuestionnaireDefinition(slug)?.title ?? "online questionnaire"}`);
  return lines.length ? lines.join("; ") : "As assessed by the prescriber";
}
