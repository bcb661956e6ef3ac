import { spawnSync } from "node:child_process";
import path from "node:path";

// "Off at no cost": without OTEL_EXPORTER_OTLP_ENDPOINT, starting tracing (what serve.mjs and
// the worker do at start-up) loads no OpenTelemetry module at all. The SDK's packages are
// CommonJS, so whatever of them is loaded is in require's cache, which a fresh node process
// reports here; the second case shows the probe sees them when tracing is on.
const root = path.resolve(__dirname, "../..");
const PROBE = `
import { createRequire } from "node:module";
const { startTracing, stopTracing } = await import(${JSON.stringify(path.join(root, "lib/tracing/start-tracing.mjs"))});
const tracing = await startTracing();
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes("@opentelemetry"));
console.log(JSON.stringify({ started: tracing !== null, loaded: loaded.length }));
await stopTracing();
`;

function probe(env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete inherited.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", PROBE], { env: { ...inherited, ...env }, encoding: "utf8", cwd: root });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as { started: boolean; loaded: number };
}

it("loads no OpenTelemetry module when OTEL_EXPORTER_OTLP_ENDPOINT is unset", () => {
  expect(probe({})).toEqual({ started: false, loaded: 0 });
  expect(probe({ OTEL_EXPORTER_OTLP_ENDPOINT: "  " })).toEqual({ started: false, loaded: 0 });
});

it("starts the SDK when the endpoint is set", () => {
  const on = probe({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" });
  expect(on.started).toBe(true);
  expect(on.loaded).toBeGreaterThan(0);
});
