import "server-only";
import { ownedBy } from "@/lib/server/core/actor/owned-by";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import type { PatientTask } from "./types";

/**
 * What the patient must do now: every request whose prescriber is waiting for an answer,
 * oldest question first; then each renewal check-in still to answer on a running
 * subscription, soonest renewal first.
 */
export async function listPatientTasks(actor: Actor): Promise<PatientTask[]> {
  const [rows, checkIns] = await Promise.all([
    db.prescriptionRequest.findMany({
      where: { ...ownedBy(actor), status: "AWAITING_PATIENT" },
      select: { id: true, reference: true, messages: { where: { author: "STAFF" }, select: { createdAt: true }, orderBy: { createdAt: "desc" }, take: 1 } },
      orderBy: { updatedAt: "asc" },
    }),
    db.checkIn.findMany({
      where: { ...ownedBy(actor), status: { in: ["DUE", "MISSED"] }, subscription: { status: "ACTIVE", cancelAtPeriodEnd: false } },
      select: { id: true, reference: true, status: true, periodEnd: true, subscription: { select: { plan: { select: { name: true } } } } },
      orderBy: { periodEnd: "asc" },
    }),
  ]);
  return [
    ...rows.map((row): PatientTask => ({
      kind: "prescriber_question",
      requestId: row.id,
      reference: row.reference,
      askedAt: row.messages[0]?.createdAt.toISOString() ?? null,
    })),
    ...checkIns.map((row): PatientTask => ({
      kind: "check_in",
      checkInId: row.id,
      reference: row.reference,
      planName: row.subscription.plan.name,
      dueBy: row.periodEnd.toISOString(),
      missed: row.status === "MISSED",
    })),
  ];
}
