import "server-only";
import { db } from "@/lib/server/core/db/client";

/** The account's side-effect reports with their threads and triage, for the data export (UK GDPR, right of access). */
export async function exportSideEffects(userId: string) {
  const rows = await db.sideEffectReport.findMany({
    where: { userId },
    select: {
      reference: true,
      treatmentName: true,
      description: true,
      startedOn: true,
      severity: true,
      redFlags: true,
      serious: true,
      createdAt: true,
      triagedAt: true,
      triageOutcome: true,
      triageNote: true,
      messages: { select: { author: true, body: true, createdAt: true }, orderBy: { createdAt: "asc" } },
    },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({
    reference: row.reference,
    treatment: row.treatmentName,
    description: row.description,
    started_on: row.startedOn.toISOString().slice(0, 10),
    severity: row.severity,
    red_flags: row.redFlags,
    serious: row.serious,
    reported_at: row.createdAt,
    triaged_at: row.triagedAt,
    triage_outcome: row.triageOutcome,
    triage_note: row.triageNote,
    messages: row.messages.map((message) => ({ from: message.author === "STAFF" ? "clinical team" : "you", body: message.body, sent_at: message.createdAt })),
  }));
}
