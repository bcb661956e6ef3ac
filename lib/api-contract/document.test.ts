// The committed document (docs/api/openapi.json) is the generated one, and it is valid OpenAPI
// 3.1 by @seriousme/openapi-schema-validator (the OpenAPI Initiative's JSON schemas).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildOpenApiDocument, OPENAPI_FILE, openApiJson, operationId } from "./document";
import { operations } from "./routes";
import packageJson from "@/package.json";

const version = packageJson.version;

/** The validator is an ES module only: it runs in a node child, reading the document on stdin. */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const script = `import { Validator } from "@seriousme/openapi-schema-validator";
let input = ""; for await (const chunk of process.stdin) input += chunk;
const result = await new Validator().validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors }));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { input: JSON.stringify(document), encoding: "utf8" });
  if (child.status !== 0) throw new Error(`The validator did not run: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument(operations, { version });

  test("docs/api/openapi.json is the generated document", () => {
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, "utf8") : "(missing)";
    if (committed !== openApiJson(document)) throw new Error(`${OPENAPI_FILE} is stale: run npm run openapi`);
  });

  test("is valid OpenAPI 3.1, and the validator rejects a broken one", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(validateOpenApi(document)).toEqual({ valid: true });
    const broken = { ...document, paths: { "/api/plans": { get: { responses: { 200: { content: {} } } } } } };
    expect(validateOpenApi(broken).valid).toBe(false);
  });

  test("is the same whatever order the operations are listed in", () => {
    expect(openApiJson(buildOpenApiDocument([...operations].reverse(), { version }))).toBe(openApiJson(document));
  });

  test("names each operation once, after its method and path", () => {
    expect(operationId({ method: "post", path: "/api/cart/items" })).toBe("post_api_cart_items");
    expect(operationId({ method: "get", path: "/api/orders/{id}/weight-photo" })).toBe("get_api_orders_id_weight_photo");
    const ids = operations.map(operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // zod-to-openapi writes a RegExp's flags into the pattern ("…$/i"), which then matches nothing
  // a client sends: every pattern must be a plain ECMA-262 source that compiles.
  test("carries no regular-expression flags in its patterns", () => {
    const patterns: string[] = [];
    JSON.stringify(document, (key, value) => {
      if (key === "pattern" && typeof value === "string") patterns.push(value);
      return value;
    });
    expect(patterns.length).toBeGreaterThan(3);
    expect(patterns.filter((pattern) => /\/[dgimsuvy]+$/.test(pattern))).toEqual([]);
    for (const pattern of patterns) expect(() => new RegExp(pattern, "u")).not.toThrow();
  });
});
