import { db } from "@/lib/server/core/db/client";
import { closeJobQueue } from "@/lib/server/services/jobs/job-queue";
import { startJobWorker, type JobWorker } from "@/lib/server/services/jobs/start-job-worker";
import { deliverMailJob } from "@/lib/server/services/mail/deliver-mail-job";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { waitFor } from "@/tests/support/wait-for";

// Without SMTP_URL (the test environment has none), an email is one outbox row (what
// /dev/outbox lists) and one delivery job that leaves the row as it is.
jest.setTimeout(30_000);

let worker: JobWorker | undefined;
afterAll(async () => {
  await worker?.stop({ timeoutMs: 1_000 });
  await closeJobQueue();
});

const jobFor = async (outboxEmailId: string) =>
  (await db.$queryRawUnsafe<{ state: string; output: { result?: string } | null }[]>("SELECT state::text, output FROM pgboss.job WHERE name = 'mail.deliver' AND data->>'outboxEmailId' = $1", outboxEmailId))[0];

it("keeps the email in the outbox, unsent, with its delivery job done", async () => {
  expect(process.env.SMTP_URL ?? "").toBe("");
  const to = `outbox-${Date.now()}@example.com`;
  await db.$transaction((tx) => sendMail({ to, subject: "Reset your password", text: "https://example.test/reset-password?token=abc" }, tx));
  const row = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: to } });
  expect((await jobFor(row.id))?.state).toBe("created");

  worker = await startJobWorker([deliverMailJob as never], { pollingIntervalSeconds: 0.5 });
  await waitFor(async () => (await jobFor(row.id))?.state === "completed", 15_000, "the delivery job");
  expect((await jobFor(row.id))?.output).toEqual({ result: "kept in outbox (no SMTP_URL)" });
  expect(await db.outboxEmail.findUniqueOrThrow({ where: { id: row.id }, select: { text: true, sentAt: true } })).toEqual({ text: row.text, sentAt: null });
});

it("stores no address or text in the job, only the outbox row's id", async () => {
  const to = `private-${Date.now()}@example.com`;
  await sendMail({ to, subject: "Private subject", text: "Private text" });
  const row = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: to }, select: { id: true } });
  const [job] = await db.$queryRawUnsafe<{ data: unknown }[]>("SELECT data FROM pgboss.job WHERE name = 'mail.deliver' AND data->>'outboxEmailId' = $1", row.id);
  expect(job?.data).toEqual({ outboxEmailId: row.id });
});
