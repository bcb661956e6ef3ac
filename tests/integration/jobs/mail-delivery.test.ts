import type { JobWorker } from "@/lib/server/services/jobs/start-job-worker";
import { startSmtpSink } from "@/tests/support/smtp-sink.mjs";
import { sleep, waitFor } from "@/tests/support/wait-for";

// Delivery through SMTP: SMTP_URL points at a local sink before any application module reads
// the environment, so the modules are loaded in beforeAll.
jest.setTimeout(60_000);

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let modules: {
  db: typeof import("@/lib/server/core/db/client").db;
  sendMail: typeof import("@/lib/server/services/mail/send-mail").sendMail;
  deliverMailJob: typeof import("@/lib/server/services/mail/deliver-mail-job").deliverMailJob;
  placeholder: string;
  startJobWorker: typeof import("@/lib/server/services/jobs/start-job-worker").startJobWorker;
  closeJobQueue: typeof import("@/lib/server/services/jobs/job-queue").closeJobQueue;
};
const workers: JobWorker[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  const [{ db }, { sendMail }, { deliverMailJob, DELIVERED_BODY_PLACEHOLDER }, { startJobWorker }, { closeJobQueue }] = await Promise.all([
    import("@/lib/server/core/db/client"),
    import("@/lib/server/services/mail/send-mail"),
    import("@/lib/server/services/mail/deliver-mail-job"),
    import("@/lib/server/services/jobs/start-job-worker"),
    import("@/lib/server/services/jobs/job-queue"),
  ]);
  modules = { db, sendMail, deliverMailJob, placeholder: DELIVERED_BODY_PLACEHOLDER, startJobWorker, closeJobQueue };
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ timeoutMs: 1_000 })));
});

afterAll(async () => {
  await modules?.closeJobQueue();
  await sink?.close();
  delete process.env.SMTP_URL;
});

async function startWorker() {
  const worker = await modules.startJobWorker([modules.deliverMailJob as never], { pollingIntervalSeconds: 0.5 });
  workers.push(worker);
  return worker;
}

const uniqueAddress = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const receivedBy = (address: string) => sink.received.filter((mail) => mail.envelope.to.includes(address));

describe("email delivery through the job queue", () => {
  it("an email job survives a worker restart: queued while no worker runs, the next worker delivers it", async () => {
    const { db, sendMail } = modules;
    const first = await startWorker();
    await first.stop({ timeoutMs: 1_000 }); // the worker goes away (a deploy, a crash)

    const to = uniqueAddress("restart");
    await db.$transaction((tx) => sendMail({ to, subject: "Your password was changed", text: "Hello,\n\nline two" }, tx));
    await sleep(1_500);
    expect(receivedBy(to)).toEqual([]);
    const queued = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: to } });
    expect(queued.sentAt).toBeNull();

    await startWorker(); // a new process, after the restart
    await waitFor(() => receivedBy(to).length > 0, 45_000, "the email at the SMTP sink");
    const [delivered] = receivedBy(to);
    expect(delivered).toMatchObject({ envelope: { from: "no-reply@example.co.uk", to: [to] }, from: "no-reply@example.co.uk", to: [to], subject: "Your password was changed", html: "", attachments: [] });
    expect(delivered?.headers.get("from")).toMatchObject({ value: [{ name: "Hairline Clinic", address: "no-reply@example.co.uk" }] });
    expect(delivered?.text.trim()).toBe("Hello,\n\nline two");
    await waitFor(async () => (await db.outboxEmail.findUniqueOrThrow({ where: { id: queued.id } })).sentAt !== null, 5_000, "sentAt");
    // The record stays; the body (which may hold a sign-in link) does not.
    expect(await db.outboxEmail.findUniqueOrThrow({ where: { id: queued.id }, select: { subject: true, text: true } })).toEqual({ subject: "Your password was changed", text: modules.placeholder });
    await sleep(1_000);
    expect(receivedBy(to)).toHaveLength(1);
  });

  it("an email of a rolled-back transaction is neither kept nor sent", async () => {
    const { db, sendMail } = modules;
    await startWorker();
    const to = uniqueAddress("rollback");
    const countJobs = async () => (await db.$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.deliver'"))[0]?.n;
    const jobsBefore = await countJobs();
    await expect(
      db.$transaction(async (tx) => {
        await sendMail({ to, subject: "Welcome", text: "Hello" }, tx);
        throw new Error("registration failed");
      }),
    ).rejects.toThrow("registration failed");
    expect(await countJobs()).toBe(jobsBefore);
    await sendMail({ to, subject: "Sent without a transaction", text: "Hello" });
    await waitFor(() => receivedBy(to).length > 0, 15_000, "the second email");
    await sleep(1_000);
    expect(receivedBy(to).map((mail) => mail.subject)).toEqual(["Sent without a transaction"]);
    expect(await db.outboxEmail.count({ where: { toAddress: to } })).toBe(1);
  });

  it("a refusing SMTP server leaves the email unsent and queued for a retry", async () => {
    const { db, sendMail } = modules;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    sink.refuseNext(1);
    const to = uniqueAddress("refused");
    await sendMail({ to, subject: "Refused once", text: "Hello" });
    const { id } = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: to }, select: { id: true } });
    await startWorker();
    const retryState = async () => {
      const rows = await db.$queryRawUnsafe<{ state: string }[]>("SELECT state::text FROM pgboss.job WHERE name = 'mail.deliver' AND data->>'outboxEmailId' = $1", id);
      return rows[0]?.state;
    };
    await waitFor(async () => (await retryState()) === "retry", 15_000, "the retry state");
    warn.mockRestore();
    expect(receivedBy(to)).toEqual([]);
    expect((await db.outboxEmail.findUniqueOrThrow({ where: { id } })).sentAt).toBeNull();
  });
});
