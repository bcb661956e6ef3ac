// A separate file: the database client is created once per module registry, so this file
// points it at a port where nothing listens before loading the handler.
import { call } from "@/tests/support/request";

it("answers 503 when the database cannot be reached", async () => {
  process.env.DATABASE_URL = "postgresql://nobody@127.0.0.1:9/clinic_test_unreachable";
  const { GET } = await import("@/app/api/health/route");
  const res = await call(GET, "/api/health");
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ status: "unavailable", database: "unreachable" });
});

it("is not ready when the database cannot be reached, and says so", async () => {
  const { GET } = await import("@/app/api/health/ready/route");
  const res = await call(GET, "/api/health/ready");
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ status: "unavailable", database: "unreachable", message: "The database cannot be reached." });
});
