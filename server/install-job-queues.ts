// Creates pg-boss's schema and every registered job queue as the database's owner
// (DATABASE_URL), before the app starts: the app's own login (APP_DATABASE_URL) cannot change a
// schema. Run by server/runtime/app-role.mjs (npm start, npm run cluster, npm run db:migrate and
// so docker-compose's migrate service) as a child process, through tsx with the react-server
// condition, like server/worker.ts:
//   DATABASE_URL=… node --conditions=react-server --import tsx server/install-job-queues.ts
import { applyLocalSecrets } from "./runtime/local-secrets.mjs";

async function installAsOwner() {
  // The job definitions' modules read the whole environment when loaded (locally its secrets
  // are generated, as for npm start; a deployment provides them).
  applyLocalSecrets();
  const ownerUrl = process.env.DATABASE_URL;
  if (!ownerUrl) throw new Error("DATABASE_URL (the owner's login) is not set");
  // This process sends no payment: the sandbox address only has to be well formed.
  if (!process.env.STRIPE_SECRET_KEY) process.env.STRIPE_SANDBOX_URL ??= "http://127.0.0.1:12111";
  const { registeredJobs } = await import("@/lib/server/plugins");
  const { installJobQueues } = await import("@/lib/server/services/jobs/install-job-queues");
  await installJobQueues(registeredJobs, ownerUrl);
}

installAsOwner().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Could not install the job queues: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
