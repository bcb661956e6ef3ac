import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { logIn } from "./support/journeys";
import { createUser } from "./support/users";
import { config as proxyConfig } from "../proxy";

// Content-Security-Policy: dynamically rendered pages get a per-response nonce (proxy.ts) and
// no 'unsafe-inline' for scripts; everything else carries the static policy server/serve.mjs adds.

const scriptSrc = (policy: string) => policy.split(";").map((part) => part.trim()).find((part) => part.startsWith("script-src")) ?? "";

test("the proxy's matcher covers exactly the pages the build renders dynamically", () => {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next-test";
  const appPaths = JSON.parse(fs.readFileSync(path.join(distDir, "server/app-paths-manifest.json"), "utf8")) as Record<string, string>;
  const prerender = JSON.parse(fs.readFileSync(path.join(distDir, "prerender-manifest.json"), "utf8")) as { routes: object; dynamicRoutes: object };
  const prerendered = new Set([...Object.keys(prerender.routes), ...Object.keys(prerender.dynamicRoutes)]);
  const routes = Object.keys(appPaths)
    .filter((key) => key.endsWith("/page"))
    .map((key) => key.slice(0, -"/page".length).replace(/\/\([^)]+\)/g, "") || "/");
  const matchers = proxyConfig.matcher.map(
    (source) => new RegExp(`^${source.replace(/\/:[A-Za-z]+\*/g, "(?:/.*)?").replace(/:[A-Za-z]+/g, "[^/]+")}$`),
  );
  const covered = (route: string) => matchers.some((matcher) => matcher.test(route.replace(/\[[^\]]+\]/g, "x")));
  const dynamic = routes.filter((route) => !prerendered.has(route));
  expect(dynamic.length).toBeGreaterThan(10);
  expect(dynamic.filter((route) => !covered(route)), "dynamic pages without a nonce policy").toEqual([]);
  const staticRoutes = routes.filter((route) => prerendered.has(route) && !route.startsWith("/_"));
  expect(staticRoutes.filter(covered), "prerendered pages the nonce policy would break").toEqual([]);
});

test("a dynamic page has one policy, a fresh nonce on every script, no 'unsafe-inline' for scripts", async ({ request }) => {
  const first = await request.get("/login");
  const second = await request.get("/login");
  const policies = first.headersArray().filter((header) => header.name.toLowerCase() === "content-security-policy");
  expect(policies).toHaveLength(1);
  const policy = policies[0]!.value;
  expect(scriptSrc(policy)).not.toContain("'unsafe-inline'");
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(3);
  const withoutNonce = scripts.filter((attributes) => !attributes.includes(`nonce="${nonce}"`) && !attributes.includes("application/ld+json"));
  // Only the loader script (allowed by its hash) may go without the nonce.
  expect(withoutNonce.length).toBeLessThanOrEqual(1);
});

test("prerendered pages (with and without route parameters) and API answers carry the static policy once", async ({ request }) => {
  for (const path of ["/", "/treatments/hair-loss-treatments", "/product/men-shampoo", "/api/health"]) {
    const response = await request.get(path);
    const policies = response.headersArray().filter((header) => header.name.toLowerCase() === "content-security-policy");
    expect(policies, path).toHaveLength(1);
    expect(policies[0]!.value, path).not.toContain("'nonce-");
    expect(policies[0]!.value, path).toContain("default-src 'self'");
    expect(policies[0]!.value, path).toContain("frame-ancestors 'none'");
  }
});

test("pages load and work without a policy violation, signed out and signed in", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ["/", "/treatments", "/minoxidil/quiz/1", "/consultation", "/cart", "/login"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  await logIn(page, await createUser(), "/dashboard");
  for (const path of ["/dashboard/orders", "/dashboard/account-settings", "/prescription/questionnaire/1"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
  // Hydrated: the dashboard's client code ran under the nonce policy.
  await page.goto("/consultation");
  await expect(page.getByRole("grid").first()).toBeVisible();
});
