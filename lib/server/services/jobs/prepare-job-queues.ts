import "server-only";
import { ensureJobQueue } from "./job-queue";
import type { JobDefinition } from "./define-job";

/**
 * Creates pg-boss's schema and every registered queue before the first request, so the first
 * enqueue inside a request's transaction does not pay for it. Enqueueing would do it lazily.
 */
export async function prepareJobQueues(registeredJobs: JobDefinition<unknown>[]) {
  // One at a time: pg-boss attaches a partition per new queue, and two at once can deadlock.
  for (const definition of registeredJobs) await ensureJobQueue(definition);
}
