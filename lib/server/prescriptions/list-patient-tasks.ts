import "server-only";
import { ownedBy } from "@/lib/server/actor/owned-by";
import type { Actor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import type { PatientTask } from "./types";

/** What the patient must do now: every request whose prescriber is waiting for an answer, oldest question first. */
export async function listPatientTasks(actor: Actor): Promise<PatientTask[]> {
  const rows = await db.prescriptionRequest.findMany({
    where: { ...ownedBy(actor), status: "AWAITING_PATIENT" },
    select: { id: true, reference: true, messages: { where: { author: "STAFF" }, select: { createdAt: true }, orderBy: { createdAt: "desc" }, take: 1 } },
    orderBy: { updatedAt: "asc" },
  });
  return rows.map((row) => ({
    kind: "prescriber_question",
    requestId: row.id,
    reference: row.reference,
    askedAt: row.messages[0]?.createdAt.toISOString() ?? null,
  }));
}
