import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { REPORT_NOT_FOUND } from "@/lib/validation/side-effects";
import { reportSelect, summarySelect, toReportView, toSummary } from "./report-views";
import type { SideEffectReportSummary, StaffSideEffectReportView } from "./types";

/**
 * The staff list: untriaged reports first (serious ones at the top, oldest first), then the
 * latest triaged ones. It shows no description or symptoms: those are read on the report's
 * page, whose every view is audited.
 */
export async function listReportsForStaff(): Promise<{ open: SideEffectReportSummary[]; triaged: SideEffectReportSummary[] }> {
  const [open, triaged] = await Promise.all([
    db.sideEffectReport.findMany({ where: { triagedAt: null }, select: summarySelect, orderBy: [{ serious: "desc" }, { createdAt: "asc" }], take: 200 }),
    db.sideEffectReport.findMany({ where: { triagedAt: { not: null } }, select: summarySelect, orderBy: { triagedAt: "desc" }, take: 50 }),
  ]);
  return { open: open.map(toSummary), triaged: triaged.map(toSummary) };
}

/** One report with its thread, for staff: the view is written to the audit log (`side_effect.viewed`) in the same transaction, before it is returned. */
export async function getReportForStaff(actor: StaffActor, id: string): Promise<StaffSideEffectReportView> {
  return db.$transaction(async (tx) => {
    const row = await tx.sideEffectReport.findUnique({ where: { id }, select: { ...reportSelect, user: { select: { name: true, email: true } } } });
    if (!row) throw new AppError("not_found", REPORT_NOT_FOUND);
    await recordAuditEvent({ actor, action: "side_effect.viewed", subjectType: "side_effect_report", subjectId: id, detail: { reference: row.reference } }, tx);
    return { ...toReportView(row, true), patient: row.user ? { name: row.user.name, email: row.user.email } : null };
  });
}
