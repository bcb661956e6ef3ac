import { z } from "zod";
import { questionnaireDefinitionSchema } from "../definition-schema";
import type { QuestionnaireDefinition } from "../types";
import { minoxidilAssessment } from "./minoxidil";
import { mounjaroAssessment } from "./mounjaro";
import { cialisAssessment, viagraAssessment } from "./pde5";
import { prescriptionQuestionnaire } from "./prescription";

// Every questionnaire the product runs. Each is checked against the schema when this module
// loads, so a broken definition stops start-up (and the unit test) instead of a patient.
// A new assessment is one more file in this folder and one more entry here.

const ALL: QuestionnaireDefinition[] = [prescriptionQuestionnaire, minoxidilAssessment, mounjaroAssessment, viagraAssessment, cialisAssessment];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

function load(definition: QuestionnaireDefinition): QuestionnaireDefinition {
  const parsed = questionnaireDefinitionSchema.safeParse(definition);
  if (!parsed.success) {
    throw new Error(`Questionnaire definition "${definition.slug}" is invalid:\n${z.prettifyError(parsed.error)}`);
  }
  return deepFreeze(parsed.data);
}

const registry = new Map<string, QuestionnaireDefinition>();
for (const definition of ALL.map(load)) {
  if (registry.has(definition.slug)) throw new Error(`Two questionnaire definitions use the slug "${definition.slug}".`);
  registry.set(definition.slug, definition);
}

/** The checked definition for a slug, or null. */
export function getQuestionnaireDefinition(slug: string): QuestionnaireDefinition | null {
  return registry.get(slug) ?? null;
}

export function listQuestionnaireSlugs(): string[] {
  return [...registry.keys()];
}

/** The treatment assessment behind /{treatmentType}/quiz/{step}, or null (the prescription questionnaire is not one). */
export function getAssessmentDefinition(treatmentType: string): QuestionnaireDefinition | null {
  const definition = registry.get(treatmentType);
  return definition?.assessment ? definition : null;
}

/** Every treatment assessment's treatment type, for prerendering its pages. */
export function listAssessmentTreatmentTypes(): string[] {
  return [...registry.values()].filter((definition) => definition.assessment).map((definition) => definition.slug);
}
