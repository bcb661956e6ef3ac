import { randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/server/core/db/client";
import { defineJob, type JobDefinition } from "@/lib/server/services/jobs/define-job";
import { enqueueJob } from "@/lib/server/services/jobs/enqueue-job";
import { closeJobQueue } from "@/lib/server/services/jobs/job-queue";
import { startJobWorker, type JobWorker } from "@/lib/server/services/jobs/start-job-worker";
import { sleep, waitFor } from "@/tests/support/wait-for";

jest.setTimeout(60_000);

const markerSchema = z.object({ marker: z.string() });
const uniqueName = (label: string) => `test.${label}-${randomBytes(4).toString("hex")}`;
const workers: JobWorker[] = [];
const fast = { pollingIntervalSeconds: 0.5 };

async function startWorker(definitions: JobDefinition<{ marker: string }>[]) {
  const worker = await startJobWorker(definitions as JobDefinition<unknown>[], fast);
  workers.push(worker);
  return worker;
}

/** The job's row in pg-boss's table: its state and how often it was retried. */
async function jobRows(name: string) {
  return db.$queryRawUnsafe<{ state: string; retry_count: number; data: { marker: string } }[]>(
    "SELECT state::text, retry_count, data FROM pgboss.job WHERE name = $1 ORDER BY created_on",
    name,
  );
}

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ timeoutMs: 1_000 })));
});

afterAll(async () => {
  await closeJobQueue();
});

describe("jobs enqueued in a transaction", () => {
  it("run only when the transaction commits, and never when it rolls back", async () => {
    const ran: string[] = [];
    const job = defineJob(uniqueName("tx"), markerSchema, async ({ marker }) => void ran.push(marker), { retryLimit: 0, concurrency: 1 });
    await startWorker([job]);

    await expect(
      db.$transaction(async (tx) => {
        await enqueueJob(job, { marker: "rolled back" }, { tx });
        throw new Error("the state change failed");
      }),
    ).rejects.toThrow("the state change failed");

    await db.$transaction(
      async (tx) => {
        await enqueueJob(job, { marker: "committed" }, { tx });
        await sleep(1_500); // the worker polls every 0.5 s: it must not see the uncommitted job
        expect(ran).toEqual([]);
      },
      { timeout: 10_000 },
    );

    await waitFor(() => ran.includes("committed"), 10_000, "the committed job");
    await sleep(1_000);
    expect(ran).toEqual(["committed"]);
    expect((await jobRows(job.name)).map((row) => row.data.marker)).toEqual(["committed"]);
  });

  it("outside a transaction commit on their own", async () => {
    const ran: string[] = [];
    const job = defineJob(uniqueName("no-tx"), markerSchema, async ({ marker }) => void ran.push(marker), { concurrency: 1 });
    const id = await enqueueJob(job, { marker: "alone" });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await startWorker([job]);
    await waitFor(() => ran.includes("alone"), 10_000, "the job");
  });

  it("refuse data that does not match the job's schema", async () => {
    const job = defineJob(uniqueName("schema"), markerSchema, async () => {});
    await expect(enqueueJob(job, { marker: 42 } as unknown as { marker: string })).rejects.toThrow(/invalid data \(marker\)/);
    expect(await jobRows(job.name)).toEqual([]);
  });
});

describe("failing jobs", () => {
  it("are retried until the handler succeeds", async () => {
    const attempts: number[] = [];
    const job = defineJob(
      uniqueName("retry"),
      markerSchema,
      async (_data, run) => {
        attempts.push(run.attempt);
        if (run.attempt < 3) throw new Error("temporary failure");
      },
      { retryLimit: 4, retryDelaySeconds: 1, retryBackoff: false, concurrency: 1 },
    );
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    await enqueueJob(job, { marker: "flaky" });
    await startWorker([job]);
    await waitFor(async () => (await jobRows(job.name))[0]?.state === "completed", 20_000, "completion");
    warn.mockRestore();
    expect(attempts).toEqual([1, 2, 3]);
    expect((await jobRows(job.name))[0]).toMatchObject({ state: "completed", retry_count: 2 });
  });

  it("fail for good after the retry limit, logged without the job's data", async () => {
    let attempts = 0;
    const job = defineJob(
      uniqueName("doomed"),
      markerSchema,
      async () => {
        attempts += 1;
        throw new Error("permanent failure for patient@example.com");
      },
      { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false, concurrency: 1 },
    );
    const logged: string[] = [];
    const error = jest.spyOn(console, "error").mockImplementation((line: string) => void logged.push(line));
    const warn = jest.spyOn(console, "warn").mockImplementation((line: string) => void logged.push(line));
    const id = await enqueueJob(job, { marker: "secret-marker" });
    await startWorker([job]);
    await waitFor(async () => (await jobRows(job.name))[0]?.state === "failed", 20_000, "failure");
    error.mockRestore();
    warn.mockRestore();
    expect(attempts).toBe(2);
    expect(logged.some((line) => line.includes(`${job.name} ${id} failed for good after 2 attempts`))).toBe(true);
    expect(logged.join("\n")).not.toMatch(/secret-marker|patient@example\.com/);
  });
});

describe("several workers", () => {
  it("never run the same job twice", async () => {
    const name = uniqueName("shared");
    const runs: { marker: string; worker: string }[] = [];
    const handlerFor = (worker: string) => async ({ marker }: { marker: string }) => {
      runs.push({ marker, worker });
      await sleep(20);
    };
    // Two instances, as two app processes would have, each with three concurrent slots.
    const first = defineJob(name, markerSchema, handlerFor("first"), { concurrency: 3, retryLimit: 0 });
    const second = defineJob(name, markerSchema, handlerFor("second"), { concurrency: 3, retryLimit: 0 });
    const markers = Array.from({ length: 40 }, (_, index) => `job-${index}`);
    await db.$transaction(async (tx) => {
      for (const marker of markers) await enqueueJob(first, { marker }, { tx });
    });

    await Promise.all([startWorker([first]), startWorker([second])]);
    await waitFor(() => runs.length >= markers.length, 30_000, "all jobs");
    await sleep(1_500); // time for a duplicate to show up

    expect(runs.map((run) => run.marker).sort()).toEqual([...markers].sort());
    expect(new Set(runs.map((run) => run.worker))).toEqual(new Set(["first", "second"]));
    expect((await jobRows(name)).every((row) => row.state === "completed")).toBe(true);
  });
});
