// Issue 24, Operations: the Prometheus metrics an on-call engineer reads. The metrics server
// (lib/metrics/metrics-server.mjs) runs in-process on a free port; requests go through the same
// observer server/serve.mjs installs, to real route handlers; the gauges are read at scrape
// time from rows seeded here.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { GET as health } from "@/app/api/health/route";
import { GET as prescriptionPdf } from "@/app/api/prescription-documents/[reference]/pdf/route";
import { GET as currentUser } from "@/app/api/user/route";
import { observeHttpRequests } from "@/lib/metrics/http-metrics.mjs";
import { startMetricsServer } from "@/lib/metrics/metrics-server.mjs";
import { loadRoutePatternMatcher } from "@/lib/metrics/route-pattern.mjs";
import { getJobQueue } from "@/lib/server/services/jobs/job-queue";
import { registerDatabaseMetrics } from "@/lib/server/services/metrics/database-metrics";
import { createUser } from "@/tests/factories/user";
import { makeRxReference } from "@/tests/factories/prescription";
import { db } from "@/tests/support/db";
import { sandboxForThisFile } from "@/tests/support/stripe-sandbox";
import { createPaidRequest } from "../prescription-review/support/paid-request";

jest.setTimeout(60_000);

const sandbox = sandboxForThisFile();
const root = path.resolve(__dirname, "../../..");
const routeOf = loadRoutePatternMatcher({ dir: root, distDir: path.join(os.tmpdir(), "no-build-here") });
const HOUR_MS = 3_600_000;
const TEST_QUEUE = "metrics-scrape-test";

type Handler = (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const HANDLERS: Record<string, { handler: Handler; params: (segments: string[]) => Record<string, string> }> = {
  "/api/health": { handler: health, params: () => ({}) },
  "/api/user": { handler: currentUser as Handler, params: () => ({}) },
  "/api/prescription-documents/[reference]/pdf": { handler: prescriptionPdf as Handler, params: (segments) => ({ reference: segments[2]! }) },
};

let app: http.Server;
let metrics: http.Server;
let appUrl: string;
let metricsUrl: string;

beforeAll(async () => {
  // pg-boss's tables exist before the app starts in a deployment (install-job-queues.ts); here its first start makes them.
  await getJobQueue();
  registerDatabaseMetrics();
  const observe = observeHttpRequests(routeOf);
  // The app side as server/serve.mjs wires it: the observer first, then the route's handler.
  app = http.createServer(async (req, res) => {
    observe(req, res);
    const route = HANDLERS[routeOf(req.url ?? "/")];
    if (!route) return void res.writeHead(404).end();
    const url = new URL(req.url ?? "/", "http://localhost:3000");
    const answer = await route.handler(new NextRequest(url, { method: req.method, headers: { host: "localhost:3000" } }), { params: Promise.resolve(route.params(url.pathname.split("/").filter(Boolean))) });
    res.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  metrics = await startMetricsServer({ port: 0, host: "127.0.0.1" });
  metricsUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([app, metrics].map((server) => new Promise((resolve) => server?.close(resolve))));
});

type Sample = { name: string; labels: Record<string, string>; value: number };

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(`${metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  const text = await res.text();
  const samples = text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
  return { text, samples };
}

/** The value of the one sample of `name` whose labels include `labels` (undefined when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe("request metrics", () => {
  it("count requests and time them by route pattern, method and status class, never by raw path", async () => {
    const reference = makeRxReference();
    const id = randomUUID();
    const visits = [
      ["/api/health", 200],
      ["/api/health?probe=1", 200],
      ["/api/user", 401],
      [`/api/prescription-documents/${reference}/pdf`, 401],
      [`/staff/orders/${id}`, 404],
      ["/metrics", 404],
    ] as const;
    for (const [target, status] of visits) expect((await fetch(`${appUrl}${target}`)).status).toBe(status);

    const { text, samples } = await scrape();
    expect(valueOf(samples, "http_requests_total", { route: "/api/health", method: "GET", status_class: "2xx" })).toBe(2);
    expect(valueOf(samples, "http_requests_total", { route: "/api/user", method: "GET", status_class: "4xx" })).toBe(1);
    expect(valueOf(samples, "http_requests_total", { route: "/api/prescription-documents/[reference]/pdf", method: "GET", status_class: "4xx" })).toBe(1);
    expect(valueOf(samples, "http_requests_total", { route: "/staff/orders/[id]", method: "GET", status_class: "4xx" })).toBe(1);
    expect(valueOf(samples, "http_requests_total", { route: "other", method: "GET", status_class: "4xx" })).toBe(1);
    expect(valueOf(samples, "http_request_duration_seconds_count", { route: "/api/health", method: "GET" })).toBe(2);
    expect(valueOf(samples, "http_request_duration_seconds_bucket", { route: "/api/health", method: "GET", le: "+Inf" })).toBe(2);
    expect(valueOf(samples, "http_request_duration_seconds_sum", { route: "/api/health", method: "GET" })).toBeGreaterThan(0);
    // Neither the reference, the id nor a query string reaches a label.
    for (const raw of [reference, reference.toLowerCase(), id, "probe"]) expect(text.toLowerCase()).not.toContain(raw.toLowerCase());
    // Node.js's default process metrics are on.
    expect(valueOf(samples, "process_cpu_seconds_total")).toBeGreaterThan(0);
  });

  it("serve only GET /metrics on the metrics port", async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/api/health`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: "POST" })).status).toBe(404);
  });
});

describe("gauges read at scrape time", () => {
  async function subscriptionWithCheckIn(subscriptionStatus: "ACTIVE" | "CANCELED", checkIn: { status: "DUE" | "SUBMITTED" | "APPROVED"; submittedAt?: Date }) {
    const user = await createUser();
    const plan = await db.plan.findUniqueOrThrow({ where: { slug: "mounjaro-1-month" }, select: { id: true } });
    const product = await db.product.findFirstOrThrow({ where: { slug: { contains: "mounjaro" } }, select: { id: true } });
    const subscription = await db.subscription.create({
      data: {
        stripeSubscriptionId: `sub_metrics_${randomUUID()}`,
        stripeCustomerId: `cus_metrics_${randomUUID()}`,
        userId: user.id,
        email: user.email,
        planId: plan.id,
        productId: product.id,
        pricePence: 19_900,
        durationMonths: 1,
        status: subscriptionStatus,
        endedAt: subscriptionStatus === "CANCELED" ? new Date() : null,
        syncedAt: new Date(),
      },
    });
    await db.checkIn.create({
      data: { reference: `CI-${randomUUID().slice(0, 8).toUpperCase()}`, subscriptionId: subscription.id, userId: user.id, periodEnd: new Date(Date.now() + 5 * 24 * HOUR_MS), status: checkIn.status, submittedAt: checkIn.submittedAt ?? null },
    });
  }

  it("report job queues, reviews past their 24-hour promise, renewals waiting on a check-in and the pool", async () => {
    const boss = await getJobQueue();
    if (!(await boss.getQueue(TEST_QUEUE))) await boss.createQueue(TEST_QUEUE);
    const before = (await scrape()).samples;
    const pastPromise = (kind: string, samples: Sample[]) => valueOf(samples, "clinic_review_cases_past_promise", { kind })!;
    const renewals = (samples: Sample[]) => valueOf(samples, "clinic_renewals_waiting_on_check_in")!;

    // A job ready for an hour and one scheduled for tomorrow (not waiting yet).
    await boss.send(TEST_QUEUE, {}, { startAfter: new Date(Date.now() - HOUR_MS) });
    await boss.send(TEST_QUEUE, {}, { startAfter: new Date(Date.now() + 24 * HOUR_MS) });
    // A prescription request paid 25 hours ago and undecided; another paid just now.
    const { request: late } = await createPaidRequest(sandbox, { name: "Morgan Metrics" });
    await db.prescriptionRequest.update({ where: { id: late.id }, data: { submittedAt: new Date(Date.now() - 25 * HOUR_MS), dueAt: new Date(Date.now() - HOUR_MS) } });
    await createPaidRequest(sandbox, { name: "Robin Metrics" });
    // Renewals: one check-in unanswered, one answered 25 hours ago and unreviewed, one answered
    // for a cancelled subscription (no renewal), one approved.
    await subscriptionWithCheckIn("ACTIVE", { status: "DUE" });
    await subscriptionWithCheckIn("ACTIVE", { status: "SUBMITTED", submittedAt: new Date(Date.now() - 25 * HOUR_MS) });
    await subscriptionWithCheckIn("CANCELED", { status: "DUE" });
    await subscriptionWithCheckIn("ACTIVE", { status: "APPROVED", submittedAt: new Date(Date.now() - 25 * HOUR_MS) });

    // The one-second sharing of a scrape's queue query must not hide the new jobs.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const { text, samples } = await scrape();
    expect(valueOf(samples, "clinic_job_queue_depth", { queue: TEST_QUEUE })).toBe(1);
    const age = valueOf(samples, "clinic_job_queue_oldest_age_seconds", { queue: TEST_QUEUE })!;
    expect(age).toBeGreaterThanOrEqual(3_600);
    expect(age).toBeLessThan(3_700);
    expect(pastPromise("prescription_request", samples) - pastPromise("prescription_request", before)).toBe(1);
    expect(pastPromise("check_in", samples) - pastPromise("check_in", before)).toBe(1);
    expect(pastPromise("order", samples)).toBe(pastPromise("order", before));
    expect(renewals(samples) - renewals(before)).toBe(2);
    expect(valueOf(samples, "clinic_database_up")).toBe(1);
    expect(valueOf(samples, "clinic_database_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "clinic_database_pool_connections", { state: "in_use" })).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "clinic_database_pool_waiting")).toBe(0);
    // The payment webhooks of the two requests were processed: their lag observed by event type.
    expect(valueOf(samples, "clinic_webhook_processing_lag_seconds_count", { event_type: "checkout.session.completed" })).toBeGreaterThanOrEqual(2);
    // No label carries a patient's name, email or a record's reference.
    expect(text).not.toMatch(/Metrics|@|PR-[A-Z0-9]{6}|RX-/);
  });
});
