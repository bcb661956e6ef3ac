import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import pg from "pg";
import { expect, test } from "./support/fixtures";
import { logIn } from "./support/journeys";
import { createUser } from "./support/users";

// The production topology (`npm run cluster`, started by scripts/test.mjs for the "cluster"
// project): nginx in front of two app instances. Each instance is also reachable on its own
// port (E2E_INSTANCE_URLS), so these tests can say which one answers.
const instances = (process.env.E2E_INSTANCE_URLS ?? "").split(",").filter(Boolean);

test.beforeAll(() => {
  expect(instances, "E2E_INSTANCE_URLS names the cluster's two app instances").toHaveLength(2);
});

test("both instances and the worker connect as the app's own database login, not the owner", async ({ request }) => {
  // Health queries the database now, so each instance's pool holds a connection to look at.
  for (const instance of instances) expect((await request.get(`${instance}/api/health`)).status()).toBe(200);
  const appRole = `${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_app`;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    // PGAPPNAME names each process's Prisma pool; pg-boss and the plans cache name their own.
    const { rows } = await client.query<{ application_name: string; usename: string }>(
      "SELECT DISTINCT application_name, usename FROM pg_stat_activity WHERE datname = current_database() AND application_name IN ('app-1', 'app-2', 'worker', 'clinic-jobs', 'plans-cache') ORDER BY 1",
    );
    expect(rows.map((row) => row.application_name)).toEqual(expect.arrayContaining(["app-1", "app-2", "clinic-jobs"]));
    expect(new Set(rows.map((row) => row.usename))).toEqual(new Set([appRole]));
  } finally {
    await client.end();
  }
});

test("a session started through the proxy is honoured by both instances", async ({ page }) => {
  const user = await createUser({ name: "Robin Cluster" });
  await logIn(page, user, "/dashboard");
  // Cookies are not scoped by port: the browser's session goes to each instance as it is.
  for (const instance of instances) {
    const response = await page.request.get(`${instance}/api/user`);
    expect(response.status(), instance).toBe(200);
    expect((await response.json()).email).toBe(user.email.toLowerCase());
  }
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toBeVisible();
});

test("a login throttle counts attempts made on either instance", async () => {
  const user = await createUser();
  const wrong = { email: user.email, password: "not the password at all" };
  // Five failures for one account (lib/server/services/rate-limit/rules.ts: loginPerAccount), spread over
  // both instances; no device cookie, as a script would send. Each client takes its XSRF token
  // from the other instance than the one it posts to: the signing secret is shared too.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { client, headers } = await anonymousClient(instances[(attempt + 1) % 2]!);
    const response = await client.post(`${instances[attempt % 2]}/api/login`, { data: wrong, headers });
    expect(response.status()).toBe(401);
    await client.dispose();
  }
  for (const [index, instance] of instances.entries()) {
    const { client, headers } = await anonymousClient(instances[1 - index]!);
    const response = await client.post(`${instance}/api/login`, { data: { email: user.email, password: user.password }, headers });
    expect(response.status(), instance).toBe(429);
    await client.dispose();
  }
});

/** A cookie-less client holding the XSRF token that `instance` issued (GET /sanctum/csrf-cookie). */
async function anonymousClient(instance: string) {
  const client = await playwrightRequest.newContext();
  expect((await client.get(`${instance}/sanctum/csrf-cookie`)).status()).toBe(204);
  const { cookies } = await client.storageState();
  const token = cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  return { client, headers: { "X-XSRF-TOKEN": decodeURIComponent(token) } };
}

test("nginx caches public pages as the app allows and never a signed-in answer", async ({ page, baseURL }) => {
  const client = await playwrightRequest.newContext();
  const first = await client.get(`${baseURL}/treatments`);
  expect(first.status()).toBe(200);
  expect(first.headers()["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
  const second = await client.get(`${baseURL}/treatments`);
  expect(second.headers()["x-cache-status"]).toBe("HIT");
  expect(await second.text()).toBe(await first.text());
  await client.dispose();

  const user = await createUser();
  await logIn(page, user, "/dashboard");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await page.request.get("/api/user");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-cache-status"] ?? "").not.toBe("HIT");
  }
  const dashboard = await page.request.get("/dashboard");
  expect(dashboard.headers()["x-cache-status"] ?? "").not.toBe("HIT");
});

test("requests through the proxy are spread over both instances, each with its request id", async ({ baseURL }) => {
  const client = await playwrightRequest.newContext();
  const ids: string[] = [];
  // Twelve, not two: the cluster's other journeys run beside this one, and their requests take
  // turns in nginx's round robin between ours.
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const response = await client.get(`${baseURL}/api/health/live`);
    expect(response.status()).toBe(200);
    ids.push(response.headers()["x-request-id"] ?? "");
  }
  await client.dispose();
  // nginx's JSON access log (server/runtime/cluster.mjs keeps it in its run folder) names the
  // instance that answered each request id.
  const accessLog = path.join(os.tmpdir(), `hairline-cluster-${new URL(baseURL!).port}`, "access.log");
  const lines = fs
    .readFileSync(accessLog, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { requestId: string; upstream: string });
  const upstreams = new Set(lines.filter((line) => ids.includes(line.requestId)).map((line) => line.upstream));
  expect([...upstreams].sort()).toEqual(instances.map((instance) => new URL(instance).host).sort());
});
