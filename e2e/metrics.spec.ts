import { expect, test } from "./support/fixtures";

// Issue 24, Operations: the production server (`npm start`, as scripts/test.mjs runs it with
// METRICS_PORT) serves Prometheus metrics on their own port only; its public port answers
// /metrics with the normal 404. Requests are counted by route pattern, never by raw path, and
// the database gauges the server registered at start-up are read at scrape time.
const metricsUrl = process.env.E2E_METRICS_URL!;
const REFERENCE = "RX-7K3Q-9DMW-E2EM";

test("metrics are served on their own port, by route pattern, and not on the app's port", async ({ request }) => {
  const onAppPort = await request.get("/metrics");
  expect(onAppPort.status()).toBe(404);
  expect(await onAppPort.text()).not.toContain("http_requests_total");

  expect((await request.get("/api/health")).status()).toBe(200);
  expect((await request.get(`/rx/${REFERENCE}`)).status()).toBeLessThan(500);
  expect((await request.get("/treatments")).status()).toBe(200);

  const scrape = await request.get(`${metricsUrl}/metrics`);
  expect(scrape.status()).toBe(200);
  const text = await scrape.text();
  expect(text).toMatch(/^http_requests_total\{route="\/api\/health",method="GET",status_class="2xx"\} [1-9]/m);
  expect(text).toMatch(/^http_requests_total\{route="\/rx\/\[reference\]",method="GET",status_class="[24]xx"\} [1-9]/m);
  expect(text).toMatch(/^http_requests_total\{route="\/treatments",method="GET",status_class="2xx"\} [1-9]/m);
  expect(text).toMatch(/^http_requests_total\{route="other",method="GET",status_class="4xx"\} [1-9]/m);
  expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/api\/health",method="GET"\} [1-9]/m);
  expect(text).not.toMatch(/7K3Q|E2EM/i);
  // Registered by the server's instrumentation and read from PostgreSQL (as the app's own login).
  expect(text).toMatch(/^clinic_database_up 1$/m);
  expect(text).toMatch(/^clinic_job_queue_depth\{queue="[a-z.-]+"\} \d+$/m);
  expect(text).toMatch(/^clinic_review_cases_past_promise\{kind="prescription_request"\} \d+$/m);
  expect(text).toMatch(/^clinic_renewals_waiting_on_check_in \d+$/m);
  // The pool the routes' queries went through (/api/health's) holds a connection, idle or in use.
  const connections = [...text.matchAll(/^clinic_database_pool_connections\{state="(?:idle|in_use)"\} (\d+)$/gm)].map((match) => Number(match[1]));
  expect(connections).toHaveLength(2);
  expect(connections[0]! + connections[1]!).toBeGreaterThan(0);
  expect(text).toMatch(/^process_cpu_seconds_total \d/m);

  expect((await request.get(`${metricsUrl}/api/health`)).status()).toBe(404);
});
