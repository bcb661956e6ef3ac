import "server-only";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import type { Tx } from "@/lib/server/core/db/client";
import { patientIdentity } from "@/lib/server/questionnaire/patient-identity";
import { readAnswers } from "@/lib/server/questionnaire/response-records";

/**
 * Who a supply's questionnaire says the patient is. The prescription questionnaire asks the
 * name and date of birth; a treatment assessment asks the date of birth only, so its name is
 * the account's.
 */
export type ExpectedIdentity = { responseId: string; name: string | null; nameFrom: "questionnaire" | "account"; dateOfBirth: string | null };

export async function expectedIdentities(tx: Tx, userId: string, responseIds: readonly string[]): Promise<ExpectedIdentity[]> {
  const [account, responses] = await Promise.all([
    tx.user.findUnique({ where: { id: userId }, select: { name: true } }),
    tx.questionnaireResponse.findMany({ where: { id: { in: [...responseIds] } }, select: { id: true, definition: true, answers: true }, orderBy: { createdAt: "asc" } }),
  ]);
  return responses.map((response) => {
    const definition = getQuestionnaireDefinition(response.definition);
    const answered = definition ? patientIdentity(definition, readAnswers(response.answers)) : null;
    if (answered?.name) return { responseId: response.id, name: answered.name, nameFrom: "questionnaire", dateOfBirth: answered.dateOfBirth };
    return { responseId: response.id, name: account?.name?.trim() || null, nameFrom: "account", dateOfBirth: answered?.dateOfBirth ?? null };
  });
}
