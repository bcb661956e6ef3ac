import "server-only";
import { db, type Tx } from "@/lib/server/core/db/client";
import type { Severity } from "@/lib/side-effects/rules";
import type { SideEffectFlag } from "./types";

/**
 * The patient's untriaged side-effect reports: each one flags their next repeat supply for
 * review until staff triage it (GPhC guidance for pharmacy services at a distance, February
 * 2025: every repeat supply is reviewed; MHRA Yellow Card: suspected side effects are acted
 * on). The pharmacist's order view shows them; renewal check-ins read the same query.
 */
export async function openSideEffectFlags(userId: string, client: Tx | typeof db = db): Promise<SideEffectFlag[]> {
  const rows = await client.sideEffectReport.findMany({
    where: { userId, triagedAt: null },
    select: { id: true, reference: true, createdAt: true, severity: true, serious: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({ reportId: row.id, reference: row.reference, reportedAt: row.createdAt.toISOString(), severity: row.severity as Severity, serious: row.serious }));
}
