import storedAnswers from "@/tests/fixtures/prescription-answers.json";
import { randomUUID } from "node:crypto";
import { prescriptionQuestionnaire } from "@/lib/questionnaire/definitions/prescription";
import { hashPassword } from "@/lib/server/auth/password";
import { db } from "@/lib/server/core/db/client";
import { uniqueEmail } from "./guest";

export const PATIENT_PASSWORD = "plum orchard lantern 42";

export type Patient = { id: string; email: string; password: string; questionnaireId: string | null };

/**
 * `count` verified patients at once (one password, hashed once with the server's parameters,
 * so no rehash at login), each with a submitted prescription questionnaire when
 * `questionnaire` is set, as the questionnaire form leaves it before the checkout page.
 * For the bench's load steps (bench/seed-patients.ts), which need many accounts quickly.
 */
export async function createPatients(options: { count: number; label?: string; name?: string; password?: string; questionnaire?: boolean }): Promise<Patient[]> {
  const { count, label = "patient", name = "Alex Morgan", password = PATIENT_PASSWORD, questionnaire = true } = options;
  const passwordHash = await hashPassword(password);
  const patients: Patient[] = Array.from({ length: count }, () => ({ id: randomUUID(), email: uniqueEmail(label), password, questionnaireId: questionnaire ? randomUUID() : null }));
  const submittedAt = new Date();
  await db.$transaction([
    db.user.createMany({ data: patients.map(({ id, email }) => ({ id, email, name, passwordHash, emailVerifiedAt: submittedAt })) }),
    db.questionnaireResponse.createMany({
      data: patients.flatMap(({ id, questionnaireId }) =>
        questionnaireId ? [{ id: questionnaireId, definition: prescriptionQuestionnaire.slug, definitionVersion: prescriptionQuestionnaire.version, userId: id, answers: storedAnswers, submittedAt }] : [],
      ),
    }),
  ]);
  return patients;
}
