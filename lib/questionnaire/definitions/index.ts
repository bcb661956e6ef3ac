import { z } from "zod";
import { questionnaireDefinitionSchema } from "../definition-schema";
import type { QuestionnaireDefinition } from "../types";
import { prescriptionQuestionnaire } from "./prescription";

// Every questionnaire the product runs. Each is checked against the schema when this module
// loads, so a broken definition stops start-up (and the unit test) instead of a patient.
// A new assessment is one more file in this folder and one more entry here.

const ALL: QuestionnaireDefinition[] = [prescriptionQuestionnaire];

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
