// Run by tests/integration/jobs/idle-connections-let-process-exit.test.ts (through tsx, with
// the react-server condition, as server/worker.ts runs): uses the app's database client and the
// job queue's enqueuing side, then leaves both open, as a script or a test file may.
import { db } from "@/lib/server/core/db/client";
import { getJobQueue } from "@/lib/server/services/jobs/job-queue";

await getJobQueue();
await db.$queryRaw`SELECT 1`;
console.log("done");
