import { spawnSync } from "node:child_process";
import { db } from "@/tests/support/db";

afterAll(() => db.$disconnect());

describe("npm start with an unreachable DATABASE_URL", () => {
  it("stops with one sentence naming the host and what to do, without a stack trace", () => {
    const result = spawnSync(process.execPath, ["server/start.mjs"], {
      env: { ...process.env, DATABASE_URL: "postgresql://clinic@127.0.0.1:9/clinic" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const output = result.stderr.trim();
    expect(output).toMatch(/^Cannot reach the database at 127\.0\.0\.1:9 \(ECONNREFUSED\): start PostgreSQL there and check DATABASE_URL, or unset DATABASE_URL to use the embedded database\.$/);
    expect(output.split("\n")).toHaveLength(1);
  });
});

describe("catalogue seed", () => {
  it("is idempotent: a second run changes no counts and keeps ids", async () => {
    const before = {
      products: await db.product.findMany({ select: { id: true, slug: true }, orderBy: { slug: "asc" } }),
      plans: await db.plan.count(),
      categories: await db.category.count(),
    };
    const result = spawnSync(process.execPath, ["prisma/seed.mjs"], { env: process.env, encoding: "utf8", timeout: 30_000 });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(await db.product.findMany({ select: { id: true, slug: true }, orderBy: { slug: "asc" } })).toEqual(before.products);
    expect(await db.plan.count()).toBe(before.plans);
    expect(await db.category.count()).toBe(before.categories);
  });

  it("holds the prices the product decisions fix, in pence", async () => {
    const price = async (slug: string) => (await db.product.findUniqueOrThrow({ where: { slug } })).pricePence;
    expect(await price("minoxidil-5-men")).toBe(3200);
    expect(await price("minoxidil-2-women")).toBe(3200);
    expect(await price("men-shampoo")).toBe(1599);
    expect(await price("women-shampoo")).toBe(1599);
    expect(await price("prescription-service")).toBe(1999);
    const plans = await db.plan.findMany({ where: { treatmentType: { slug: "minoxidil" } }, orderBy: { durationMonths: "asc" } });
    expect(plans.map((p) => [p.durationMonths, p.pricePence])).toEqual([[1, 2999], [3, 7999]]);
    const consultations = await db.consultationType.findMany({ orderBy: { pricePence: "asc" } });
    expect(consultations.map((c) => c.pricePence)).toEqual([5000, 9500]);
    const standard = await db.deliveryOption.findUniqueOrThrow({ where: { slug: "standard" } });
    expect(standard.freeFromPence).toBe(4000);
  });
});
