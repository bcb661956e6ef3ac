import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import type { GpLetterSummary } from "./types";

const summarySelect = { id: true, subjectReference: true, medicine: true, practiceName: true, practiceAddress: true, status: true, createdAt: true, postedAt: true } as const;

function toSummary(row: { id: string; subjectReference: string; medicine: string; practiceName: string; practiceAddress: string; status: GpLetterSummary["status"]; createdAt: Date; postedAt: Date | null }): GpLetterSummary {
  return { ...row, createdAt: row.createdAt.toISOString(), postedAt: row.postedAt?.toISOString() ?? null };
}

/** /staff/gp-letters: letters waiting to be posted (oldest first), then the last 20 posted. */
export async function listGpLettersToPost(): Promise<{ toPost: GpLetterSummary[]; posted: GpLetterSummary[] }> {
  const [toPost, posted] = await Promise.all([
    db.gpLetter.findMany({ where: { status: "TO_POST" }, select: summarySelect, orderBy: { createdAt: "asc" }, take: 200 }),
    db.gpLetter.findMany({ where: { status: "POSTED" }, select: summarySelect, orderBy: { postedAt: "desc" }, take: 20 }),
  ]);
  return { toPost: toPost.map(toSummary), posted: posted.map(toSummary) };
}

/** The account's own GP letters (Medical documents), newest first. */
export async function listOwnGpLetters(actor: AccountActor): Promise<GpLetterSummary[]> {
  const rows = await db.gpLetter.findMany({ where: { userId: actor.user.id }, select: summarySelect, orderBy: { createdAt: "desc" } });
  return rows.map(toSummary);
}
