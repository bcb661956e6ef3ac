import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { startStripeSandbox, type SandboxDelivery, type StripeSandboxOptions } from "@/stripe-sandbox/server.mjs";
import { call } from "./request";

/**
 * The local payment sandbox on the port scripts/test.mjs chose (STRIPE_SANDBOX_URL), with
 * its webhooks delivered straight into our route handler, as Stripe would over HTTP.
 */
export async function startTestSandbox(options: Pick<StripeSandboxOptions, "now" | "deliver"> = {}) {
  const url = new URL(process.env.STRIPE_SANDBOX_URL!);
  const deliveries: number[] = [];
  const sandbox = await startStripeSandbox({
    host: url.hostname,
    port: Number(url.port),
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!,
    deliver: async ({ payload, signature }: { payload: string; signature: string }) => {
      const res = await deliverWebhook(payload, signature);
      deliveries.push(res.status);
      return { status: res.status };
    },
    ...options,
  });
  return Object.assign(sandbox, { deliveries });
}

/** POST /api/webhooks/stripe with this exact body and signature header. */
export function deliverWebhook(payload: string, signature: string) {
  return call(stripeWebhook, "/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
    xsrf: false,
  });
}

type TestSandbox = Awaited<ReturnType<typeof startTestSandbox>>;

/**
 * For a test file: starts the sandbox before its tests and, after them, closes it, the job
 * queue and the database client. Returns the sandbox (usable inside tests and hooks).
 */
export function sandboxForThisFile(options: Pick<StripeSandboxOptions, "deliver"> = {}): TestSandbox {
  let started: TestSandbox | undefined;
  beforeAll(async () => {
    started = await startTestSandbox(options);
  });
  afterAll(async () => {
    const { closeJobQueue } = await import("@/lib/server/services/jobs/job-queue");
    const { closePlansCache } = await import("@/lib/server/catalogue/plans-cache");
    const { db } = await import("@/lib/server/core/db/client");
    await started?.close();
    await closePlansCache();
    await closeJobQueue();
    await db.$disconnect();
  });
  return new Proxy({} as TestSandbox, {
    get(_target, key) {
      if (!started) throw new Error("The test sandbox is used before beforeAll started it.");
      const value = Reflect.get(started, key);
      return typeof value === "function" ? value.bind(started) : value;
    },
  });
}

/**
 * sandboxForThisFile whose webhook deliveries can be held back: after hold(), events are
 * kept instead of sent, and release() hands them over (and sends later ones again), so a
 * test can deliver them in any order, twice, or all at once, as Stripe may.
 */
export function holdingSandboxForThisFile() {
  let held: SandboxDelivery[] | null = null;
  const sandbox = sandboxForThisFile({
    deliver: async (delivery: SandboxDelivery) => {
      if (held) {
        held.push(delivery);
        return { status: 200 };
      }
      const res = await deliverWebhook(delivery.payload, delivery.signature);
      return { status: res.status };
    },
  });
  return {
    sandbox,
    hold() {
      held = [];
    },
    release(): SandboxDelivery[] {
      const taken = held ?? [];
      held = null;
      return taken;
    },
  };
}
