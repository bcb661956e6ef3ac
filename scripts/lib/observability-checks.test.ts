import fs from "node:fs";
import path from "node:path";
import { OBSERVABILITY_DIR, observabilityChecks, requiredComposeVariables } from "./observability-checks.mjs";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("observabilityChecks", () => {
  it("runs promtool over the config, the rules and the rules' tests, and docker-compose config with the profile and placeholders", () => {
    const { checks, skipped } = observabilityChecks({ root, promtool: "/usr/bin/promtool", compose: { command: "docker", args: ["compose"] } });
    expect(skipped).toEqual([]);
    expect(checks.map((check) => check.args.slice(0, 2).join(" "))).toEqual(["check config", "check rules", "test rules", "compose -f"]);
    const compose = checks[3]!;
    expect(compose.args.slice(-4)).toEqual(["--profile", "observability", "config", "-q"]);
    expect(compose.env).toMatchObject({ POSTGRES_PASSWORD: "placeholder", AUTH_SECRET: "placeholder", APP_DATABASE_PASSWORD: "placeholder" });
  });

  it("skips what it cannot run, saying which binary is missing", () => {
    const { checks, skipped } = observabilityChecks({ root, promtool: null, compose: null });
    expect(checks).toEqual([]);
    expect(skipped.join(" ")).toMatch(/promtool is not installed.*docker-compose nor `docker compose` is installed/s);
  });

  it("finds each variable docker-compose.yml requires once", () => {
    expect(requiredComposeVariables("a: ${X:?set X}\nb: ${X:?again} ${Y:-default} ${Z:?z}")).toEqual(["X", "Z"]);
  });
});

// The alert rules and the dashboard read metrics the code registers under these names: a
// renamed metric would leave an alert that can never fire.
describe("the alert rules and the dashboard", () => {
  const registered = new Set(
    ["lib/metrics/http-metrics.mjs", "lib/server/services/metrics/database-metrics.ts", "lib/server/services/payments/webhook-lag.ts"].flatMap((file) => [...read(file).matchAll(/name: "([a-z_]+)"/g)].map((match) => match[1]!)),
  );
  const referenced = (text: string) => [...new Set([...text.matchAll(/\b((?:http|clinic)_[a-z_]+)/g)].map((match) => match[1]!.replace(/_(bucket|count|sum)$/, "")))];

  it("name only metrics the app and the worker serve", () => {
    const alerts = referenced(read(`${OBSERVABILITY_DIR}/alerts.yml`));
    const dashboard = referenced(read(`${OBSERVABILITY_DIR}/grafana/dashboards/clinic.json`));
    expect(alerts.length).toBeGreaterThan(3);
    expect(dashboard.length).toBeGreaterThan(8);
    for (const name of [...alerts, ...dashboard]) expect(registered).toContain(name);
  });

  it("give every registered metric a place on the dashboard", () => {
    const dashboard = new Set(referenced(read(`${OBSERVABILITY_DIR}/grafana/dashboards/clinic.json`)));
    for (const name of registered) expect(dashboard).toContain(name);
  });
});
