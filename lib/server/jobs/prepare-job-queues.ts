import "server-only";
import { ensureJobQueue } from "./job-queue";
import type { JobDefinition } from "./define-job";

/**
 * Creates pg-boss's schema and every registered queue before the first request, so the first
 * enqueue inside a request's transaction does not pay for it. Enqueueing would do it lazily.
 */
export async function prepareJobQueues(registeredJobs: JobDefinition<unknown>[]) {
  await Promise.all(registeredJobs.map((definition) => ensureJobQueue(definition)));
}
