import "server-only";
import type { Actor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { readKeysetPage } from "@/lib/server/core/pagination/keyset";
import { patientVisibleRequests, summarySelect, toRequestSummary } from "./patient-request-records";
import type { PatientRequestSummary } from "./types";

/**
 * Requests a page on Dashboard → Orders. Each carries its timeline, so a patient with years of
 * requests would otherwise make the page heavier with every one (issue 24: at 50 requests the
 * page was over 500 KB).
 */
const REQUEST_HISTORY_PAGE_SIZE = 10;

export type UserPrescriptionPage = {
  requests: PatientRequestSummary[];
  /** The cursor of the next (older) page; null on the last page. */
  olderBefore: string | null;
  isLaterPage: boolean;
};

/**
 * The actor's paid prescription requests, newest submitted first, a keyset page at a time
 * (`before` is the cursor the page before ended at), each with its timeline. A request the
 * patient sees has been paid for, so it has been submitted.
 */
export async function listUserPrescriptions(actor: Actor, { before, size: asked = REQUEST_HISTORY_PAGE_SIZE }: { before?: string | null; size?: number } = {}): Promise<UserPrescriptionPage> {
  const page = await readKeysetPage(
    { before, size: asked, field: "submittedAt", direction: "desc" },
    (slice, take) =>
      db.prescriptionRequest.findMany({
        where: { AND: [patientVisibleRequests(actor), { submittedAt: { not: null } }, slice] },
        select: summarySelect,
        orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
        take,
      }),
    (row) => ({ at: row.submittedAt!, id: row.id }),
  );
  return { requests: page.rows.map(toRequestSummary), olderBefore: page.next, isLaterPage: page.isLaterPage };
}
