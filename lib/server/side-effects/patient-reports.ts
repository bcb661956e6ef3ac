import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { REPORT_NOT_FOUND } from "@/lib/validation/side-effects";
import { reportSelect, summarySelect, toReportView, toSummary } from "./report-views";
import type { SideEffectMessageView, SideEffectReportSummary, SideEffectReportView } from "./types";

// The patient's own reports: every query is scoped by their user id (another patient's
// report is a 404, never a 403 that would confirm it exists).

export async function listOwnReports(actor: AccountActor): Promise<SideEffectReportSummary[]> {
  const rows = await db.sideEffectReport.findMany({ where: { userId: actor.user.id }, select: summarySelect, orderBy: { createdAt: "desc" } });
  return rows.map(toSummary);
}

export async function getOwnReport(actor: AccountActor, id: string): Promise<SideEffectReportView> {
  const row = await db.sideEffectReport.findFirst({ where: { id, userId: actor.user.id }, select: reportSelect });
  if (!row) throw new AppError("not_found", REPORT_NOT_FOUND);
  return toReportView(row, false);
}

/** The patient writes to the clinical team in the report's thread (any time, before or after triage). */
export async function sendPatientMessage(actor: AccountActor, id: string, body: string): Promise<SideEffectMessageView> {
  return db.$transaction(async (tx) => {
    const [report] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM side_effect_reports WHERE id = ${id}::uuid AND user_id = ${actor.user.id}::uuid FOR UPDATE`;
    if (!report) throw new AppError("not_found", REPORT_NOT_FOUND);
    const message = await tx.sideEffectMessage.create({
      data: { reportId: id, author: "PATIENT", authorUserId: actor.user.id, body },
      select: { id: true, body: true, createdAt: true },
    });
    return { id: message.id, author: "PATIENT" as const, authorName: null, body: message.body, createdAt: message.createdAt.toISOString() };
  });
}
