import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/server/services/jobs/define-job";
import { raiseOverdueAlert } from "./raise-overdue-alert";

/**
 * Queued when a request is paid, to run at its due time (startAfter: dueAt): alerts staff if
 * it is still undecided then. Listed in lib/server/plugins.ts.
 */
export const overdueAlertJob = defineJob(
  "prescription.overdue-alert",
  z.object({ requestId: z.uuid() }),
  async ({ requestId }) => {
    const result = await raiseOverdueAlert(requestId);
    // Run a little early by a clock that differs from the database's: retried shortly (backoff).
    if (result === "not due") throw new Error("The request is not due yet.");
    return { result };
  },
  { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 5 * 60, concurrency: 2 },
);
