import "server-only";
import type { Actor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { patientVisibleRequests, summarySelect, toRequestSummary } from "./patient-request-records";
import type { PatientRequestSummary } from "./types";

/** The actor's paid prescription requests, newest first, each with its timeline (Dashboard → Orders). */
export async function listUserPrescriptions(actor: Actor): Promise<PatientRequestSummary[]> {
  const rows = await db.prescriptionRequest.findMany({
    where: patientVisibleRequests(actor),
    select: summarySelect,
    orderBy: [{ submittedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
  });
  return rows.map(toRequestSummary);
}
