import { POST as contact } from "@/app/api/contact/route";
import { POST as addItem } from "@/app/api/cart/items/route";
import { GET as health } from "@/app/api/health/route";
import { GET as plans } from "@/app/api/plans/route";
import { call } from "@/tests/support/request";
import { countRows, db } from "@/tests/support/db";

afterAll(() => db.$disconnect());

describe("malformed, oversized and cross-site requests", () => {
  const handlers = [
    ["contact", contact, "/api/contact"],
    ["cart", addItem, "/api/cart/items"],
  ] as const;

  // Found by the generated-input tests (tests/integration/api-contract/fuzz-*): PostgreSQL's text
  // cannot hold U+0000, and a query given one failed with a 500.
  it("a null character in a body field or the query → 422 naming the field, nothing written", async () => {
    const before = await countRows();
    const res = await call(contact, "/api/contact", { json: { name: "Sam\u0000", email: "sam@example.com", subject: "s", message: "m" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: [expect.stringContaining("null character")] });
    expect(await countRows()).toEqual(before);
    const query = await call(plans, "/api/plans?treatment_type=%00");
    expect(query.status).toBe(422);
    expect(query.body.errors.treatment_type[0]).toContain("null character");
  });

  it.each(handlers)("%s: invalid JSON → 400 with a message", async (_name, handler, path) => {
    const res = await call(handler, path, { body: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The request body is not valid JSON.");
  });

  it.each(handlers)("%s: empty body → 400", async (_name, handler, path) => {
    const res = await call(handler, path, { method: "POST", body: "", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });

  it.each(handlers)("%s: a JSON array or string instead of an object → 422", async (_name, handler, path) => {
    for (const body of ["[]", '"text"', "null"]) {
      const res = await call(handler, path, { body, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(422);
      expect(typeof res.body.message).toBe("string");
    }
  });

  it.each(handlers)("%s: oversized body → 413, nothing written", async (_name, handler, path) => {
    const before = await countRows();
    const huge = JSON.stringify({ name: "a", email: "a@example.com", subject: "s", message: "x".repeat(40_000), product_slug: "men-shampoo" });
    const res = await call(handler, path, { body: huge, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
    expect(await countRows()).toEqual(before);
  });

  it.each(handlers)("%s: a form post instead of JSON → 415", async (_name, handler, path) => {
    const res = await call(handler, path, { body: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(415);
  });

  it.each(handlers)("%s: a write from another site → 403, nothing written", async (_name, handler, path) => {
    const before = await countRows();
    const json = { name: "A", email: "a@example.com", subject: "S", message: "M", product_slug: "men-shampoo" };
    const foreignOrigin = await call(handler, path, { json, headers: { origin: "https://evil.example" } });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.body.message).toBe("This request must come from this website.");
    const crossSite = await call(handler, path, { json, headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const opaqueOrigin = await call(handler, path, { json, headers: { origin: "null" } });
    expect(opaqueOrigin.status).toBe(403);
    expect(await countRows()).toEqual(before);
  });

  it("accepts a same-origin browser write", async () => {
    const res = await call(contact, "/api/contact", {
      json: { name: "A", email: "same@example.com", subject: "S", message: "M" },
      headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(201);
  });
});

describe("GET /api/health", () => {
  it("reports the database as reachable", async () => {
    const res = await call(health, "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "reachable" });
  });
});
