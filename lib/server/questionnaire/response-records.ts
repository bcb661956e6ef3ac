import "server-only";
import { answersSchema } from "@/lib/questionnaire/answer-schema";
import type { Answers } from "@/lib/questionnaire/types";
import { ownedBy, ownerSql } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db, type Tx } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { QuestionnaireResponseView } from "./types";

export const QUESTIONNAIRE_NOT_FOUND = "We could not find that questionnaire.";
const ANSWERS_LOCKED = "These answers were submitted and can no longer be changed. To change them, start a new questionnaire.";

export const responseSelect = {
  id: true,
  definition: true,
  answers: true,
  submittedAt: true,
  photos: { select: { id: true, displayName: true }, orderBy: { createdAt: "asc" } },
} as const;

type ResponseRow = { id: string; definition: string; answers: unknown; submittedAt: Date | null; photos: { id: string; displayName: string }[] };

/** Stored answers, read defensively: a row that does not parse counts as empty. */
export function readAnswers(value: unknown): Answers {
  const parsed = answersSchema.safeParse(value);
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data).map(([step, answer]) => [Number(step), answer]));
}

export function toResponseView(row: ResponseRow): QuestionnaireResponseView {
  return {
    id: row.id,
    definition: row.definition,
    answers: readAnswers(row.answers),
    photos: row.photos.map((photo) => ({ id: photo.id, name: photo.displayName })),
    submitted: row.submittedAt !== null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** The actor's response, or 404 (someone else's and a missing one look the same). */
export async function getOwnedResponse(actor: Actor | null, id: string, client: Tx | typeof db = db): Promise<QuestionnaireResponseView> {
  const row = actor ? await client.questionnaireResponse.findFirst({ where: { id, ...ownedBy(actor) }, select: responseSelect }) : null;
  if (!row) throw new AppError("not_found", QUESTIONNAIRE_NOT_FOUND);
  return toResponseView(row);
}

/**
 * Locks the actor's response row for this transaction (every write to a response and its
 * photos takes this lock first), or 404.
 */
export async function lockOwnedResponse(tx: Tx, actor: Actor, id: string): Promise<{ id: string; definition: string; submitted: boolean }> {
  const rows = await tx.$queryRaw<{ id: string; definition: string; submitted: boolean }[]>`
    SELECT id::text, definition, submitted_at IS NOT NULL AS submitted FROM questionnaire_responses
    WHERE id = ${id}::uuid AND ${ownerSql(ownedBy(actor))} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new AppError("not_found", QUESTIONNAIRE_NOT_FOUND);
  return row;
}

export function assertNotSubmitted(row: { submitted: boolean }): void {
  if (row.submitted) throw new AppError("conflict", ANSWERS_LOCKED);
}
