// The growth step's link to the app's own code (bench/growth.mjs): a child process that reads
// one command a line on stdin and answers one line on stdout (`growth-queue> ` and JSON). Loaded as the worker loads
// the server's modules (tsx, react-server condition), which the bench's plain Node.js process
// cannot do, and kept running for the whole step so each simulated day costs no start-up.
//
//   policy  → [{ table, alsoDeletes, keepMs }]: the retention policy the sweep applies
//   sweep   → { id }: a retention.sweep job queued through enqueueJob, as the app queues it
//   close   → closes the queue's connections and exits
//
//   node --conditions=react-server --import tsx bench/growth-queue.ts   (DATABASE_URL: the scratch database)
import readline from "node:readline";

const ANSWER_MARK = "growth-queue> ";

// No top-level await: tsx runs this file as CommonJS (package.json has no "type").
async function main() {
  // The app's configuration check asks for a payment API; queueing a job calls none.
  if (!process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_SANDBOX_URL) process.env.STRIPE_SANDBOX_URL = "http://127.0.0.1:12111";
  const { retentionPolicy } = await import("@/lib/server/retention/retention-policy");
  const { retentionSweepJob } = await import("@/lib/server/retention/retention-sweep-job");
  const { enqueueJob } = await import("@/lib/server/services/jobs/enqueue-job");
  const { closeJobQueue } = await import("@/lib/server/services/jobs/job-queue");
  const { db } = await import("@/lib/server/core/db/client");
  // Marked: the app's logger writes its JSON lines to stdout too.
  const answer = (value: unknown) => process.stdout.write(`${ANSWER_MARK}${JSON.stringify(value)}\n`);
  const commands: Record<string, () => Promise<unknown>> = {
    policy: async () => retentionPolicy.map((rule) => ({ table: rule.table, alsoDeletes: rule.alsoDeletes ?? [], keepMs: rule.keepMs })),
    sweep: async () => ({ id: await enqueueJob(retentionSweepJob, {}) }),
  };
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const command = line.trim();
    if (command === "close") break;
    try {
      const run = commands[command];
      answer(run ? await run() : { error: `unknown command ${command}` });
    } catch (error) {
      answer({ error: (error as Error).message });
    }
  }
  await closeJobQueue();
  await db.$disconnect();
}

main().catch((error) => {
  console.error(`growth-queue: ${(error as Error).message}`);
  process.exit(1);
});
