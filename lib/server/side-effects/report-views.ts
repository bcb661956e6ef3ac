import "server-only";
import type { Prisma } from "@/lib/server/core/db/generated/client";
import type { Outcome, Severity } from "@/lib/side-effects/rules";
import type { SideEffectReportSummary, SideEffectReportView } from "./types";

// The one mapping from rows to the views the patient's and the staff pages read.

export const reportSelect = {
  id: true,
  reference: true,
  treatmentName: true,
  severity: true,
  serious: true,
  createdAt: true,
  triagedAt: true,
  description: true,
  startedOn: true,
  redFlags: true,
  triageOutcome: true,
  triageNote: true,
  triagedBy: { select: { name: true } },
  messages: { select: { id: true, author: true, body: true, createdAt: true, authorUser: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
} satisfies Prisma.SideEffectReportSelect;

type ReportRow = Prisma.SideEffectReportGetPayload<{ select: typeof reportSelect }>;

export const summarySelect = { id: true, reference: true, treatmentName: true, severity: true, serious: true, createdAt: true, triagedAt: true } satisfies Prisma.SideEffectReportSelect;

export function toSummary(row: Prisma.SideEffectReportGetPayload<{ select: typeof summarySelect }>): SideEffectReportSummary {
  return {
    id: row.id,
    reference: row.reference,
    treatmentName: row.treatmentName,
    severity: row.severity as Severity,
    serious: row.serious,
    reportedAt: row.createdAt.toISOString(),
    triaged: row.triagedAt !== null,
  };
}

/** `staffNames`: the staff view names who wrote; the patient's shows "Clinical team". */
export function toReportView(row: ReportRow, staffNames: boolean): SideEffectReportView {
  return {
    ...toSummary(row),
    description: row.description,
    startedOn: row.startedOn.toISOString().slice(0, 10),
    redFlags: row.redFlags,
    messages: row.messages.map((message) => ({
      id: message.id,
      author: message.author,
      authorName: message.author === "STAFF" && !staffNames ? null : (message.authorUser?.name ?? null),
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
    triage:
      row.triagedAt && row.triageOutcome
        ? // The note is the clinical team's record (in the patient's data export); the patient's page shows the outcome.
          { at: row.triagedAt.toISOString(), outcome: row.triageOutcome as Outcome, note: staffNames ? (row.triageNote ?? "") : "", byName: staffNames ? (row.triagedBy?.name ?? null) : null }
        : null,
  };
}
