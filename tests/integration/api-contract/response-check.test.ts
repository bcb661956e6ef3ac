// The response check that call() runs (tests/support/api-contract-check.mjs) fails what the
// document does not describe: an unlisted status, an extra or missing field, a wrong type or
// content type, a body where none is documented; and it counts what it checked.
import { z } from "zod";
import { buildOpenApiDocument } from "@/lib/api-contract/document";
import { defineOperations, errorResponse } from "@/lib/api-contract/operation";
import { createContractCheck } from "@/tests/support/api-contract-check.mjs";

const thingSchema = z.strictObject({ id: z.string(), price: z.number(), note: z.string().nullable() });

const operations = defineOperations([
  {
    method: "get",
    path: "/api/things/{id}",
    summary: "A thing",
    tags: ["Things"],
    access: "public",
    responses: { 200: { description: "The thing.", schema: thingSchema }, 404: errorResponse("No such thing.") },
  },
  { method: "get", path: "/api/things/special", summary: "The special thing", tags: ["Things"], access: "public", responses: { 200: { description: "It.", schema: z.strictObject({ special: z.literal(true) }) } } },
  { method: "delete", path: "/api/things/{id}", summary: "Delete", tags: ["Things"], access: "patient", responses: { 204: { description: "Gone." } } },
  { method: "get", path: "/api/things/{id}/style", summary: "Its stylesheet", tags: ["Things"], access: "public", responses: { 200: { description: "CSS.", contentType: "text/css" } } },
]);

function checker() {
  const contract = createContractCheck({ rootDir: process.cwd() });
  contract.setDocument(buildOpenApiDocument(operations, { version: "0.0.0" }));
  return contract;
}

const json = "application/json";
const get = (pathname: string, status: number, body: unknown, contentType: string | null = json) => ({ method: "GET", pathname, status, contentType, body });

describe("the API contract's response check", () => {
  test("passes a response the document describes, matching /api/things/abc to /api/things/{id}", () => {
    const contract = checker();
    expect(contract.check(get("/api/things/abc", 200, { id: "abc", price: 29.99, note: null }))).toBeNull();
    expect(contract.check(get("/api/things/abc", 404, { message: "No such thing." }))).toBeNull();
    expect(contract.check(get("/api/things/special", 200, { special: true }))).toBeNull();
    expect(contract.check({ method: "DELETE", pathname: "/api/things/abc", status: 204, contentType: null, body: null })).toBeNull();
    expect(contract.check(get("/api/things/abc/style", 200, ".a{}", "text/css; charset=utf-8"))).toBeNull();
  });

  test("fails an undocumented field, a missing one, a wrong type, and an error body with a stray field", () => {
    const contract = checker();
    expect(contract.check(get("/api/things/abc", 200, { id: "abc", price: 1, note: null, secret: "x" }))).toMatch(/GET \/api\/things\/abc \(operation get_api_things_id\) answered 200[\s\S]*must NOT have additional properties: "secret"/);
    expect(contract.check(get("/api/things/abc", 200, { id: "abc", price: 1 }))).toMatch(/must have required property 'note'/);
    expect(contract.check(get("/api/things/abc", 200, { id: "abc", price: "1.00", note: null }))).toMatch(/\/price must be number/);
    expect(contract.check(get("/api/things/abc", 404, { message: "No.", error: "x" }))).toMatch(/must NOT have additional properties: "error"/);
  });

  test("fails a status the document does not list, a wrong content type, and a body on a status without one", () => {
    const contract = checker();
    expect(contract.check(get("/api/things/abc", 500, { message: "Boom" }))).toMatch(/answered 500, a status the document does not list \(it lists 200, 404\)/);
    expect(contract.check(get("/api/things/abc", 200, "<p>", "text/html"))).toMatch(/answered 200 as text\/html; the document says application\/json/);
    expect(contract.check({ method: "DELETE", pathname: "/api/things/abc", status: 204, contentType: json, body: { ok: true } })).toMatch(/the document says this status has none/);
  });

  test("prefers the literal path to the template, and records (does not fail) a route it does not describe", () => {
    const contract = checker();
    expect(contract.check(get("/api/things/special", 200, { id: "special", price: 1, note: null }))).toMatch(/operation get_api_things_special/);
    expect(contract.check({ method: "POST", pathname: "/api/cart/items/0b6c7a2e-0000-4000-8000-000000000000", status: 200, contentType: json, body: {} })).toBeNull();
    expect(contract.check(get("/api/nowhere/at/all", 404, null))).toBeNull();
    expect(contract.report()).toEqual({
      validated: 0,
      seen: { "GET /api/things/special": { 200: 1 } },
      // Named by the app's route folder (app/api/cart/items/[id]), or as it came when no folder matches.
      unmatched: { "POST /api/cart/items/{id}": 1, "GET /api/nowhere/at/all": 1 },
      operations: ["GET /api/things/special", "GET /api/things/{id}", "DELETE /api/things/{id}", "GET /api/things/{id}/style"],
    });
  });

  test("counts each operation's statuses and the responses it validated", () => {
    const contract = checker();
    contract.check(get("/api/things/a", 200, { id: "a", price: 1, note: "n" }));
    contract.check(get("/api/things/b", 200, { id: "b", price: 2, note: null }));
    contract.check(get("/api/things/c", 404, { message: "No such thing." }));
    contract.check(get("/api/things/d", 500, { message: "Boom" }));
    expect(contract.report().validated).toBe(3);
    expect(contract.report().seen).toEqual({ "GET /api/things/{id}": { 200: 2, 404: 1, 500: 1 } });
  });
});
