import "server-only";
import { deliverMailJob } from "@/lib/server/mail/deliver-mail-job";
import type { JobDefinition } from "./define-job";

// Every kind of job a worker runs. The one place in lib/server/jobs that names other domains:
// each domain defines its jobs beside their handlers (defineJob) and is listed here once, so
// the web server's in-process worker and `npm run worker` load exactly the same handlers.
export const registeredJobs: JobDefinition<unknown>[] = [deliverMailJob as JobDefinition<unknown>];
