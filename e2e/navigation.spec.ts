import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("browsing the catalogue", () => {
  test("home → hair loss category → product, with the spec's cards and next steps", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText(/50 to 100 hairs a day/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Book a Doctor Consultation" })).toHaveAttribute("href", "/consultation");
    await expect(page.getByRole("link", { name: "Prescription Service" }).first()).toHaveAttribute("href", "/prescription/questionnaire/1");
    const assessments = page.getByRole("link", { name: "Start Assessment" });
    await expect(assessments).toHaveCount(2);
    for (const link of await assessments.all()) await expect(link).toHaveAttribute("href", "/minoxidil/quiz/1");
    await expect(page.getByRole("link", { name: "Discover Now" }).first()).toHaveAttribute("href", "/product/men-shampoo");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Dive In Now" }).click();
    await expect(page).toHaveURL(/\/treatments\/hair-loss-treatments$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hair Loss");
    await expect(page.getByText("£32.00").first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Hair Growth Shampoo for Men" }).first().click();
    await expect(page).toHaveURL(/\/product\/men-shampoo$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hair Growth Shampoo for Men" })).toBeVisible();
    await expect(page.getByText("£15.99").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
    await expectAccessible(page);
  });

  test("medicine pages send the patient to the assessment, never to the cart", async ({ page }) => {
    await page.goto("/product/minoxidil-5-men");
    await expect(page.getByRole("link", { name: "Start Assessment" })).toHaveAttribute("href", "/minoxidil/quiz/1");
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("weight loss and sexual performance categories link to their quizzes", async ({ page }) => {
    await page.goto("/treatments/weight-loss-treatments");
    await expect(page.locator('a[href="/mounjaro/quiz/1"]').first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Not Sure\?/ })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/treatments/sexual-performance-treatments");
    await expect(page.locator('a[href="/viagra/quiz/1"]').first()).toBeVisible();
    await expect(page.locator('a[href="/cialis/quiz/1"]').first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Not Sure\?/ })).toHaveAttribute("href", "/viagra/quiz/1");
    await expectAccessible(page);
  });

  test("the treatments index lists the three categories @mobile", async ({ page }) => {
    await page.goto("/treatments");
    for (const name of ["Hair Loss Treatments", "Weight Loss Treatments", "Sexual Performance Treatments"]) {
      await expect(page.getByRole("main").getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
    }
    await expectAccessible(page);
  });

  test("the mobile hero link goes to /treatments @mobile", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("link", { name: "Dive In Now" }).click();
    await expect(page).toHaveURL(/\/treatments$/);
  });

  test("pages are server-rendered: the copy is in the HTML without JavaScript", async ({ request }) => {
    for (const [path, text] of [
      ["/", "Free shipping on orders £40+"],
      ["/treatments/hair-loss-treatments", "Minoxidil 5% for Men"],
      ["/product/women-shampoo", "Hair Growth Shampoo for Women"],
      ["/about", "Book a Consultation"],
    ] as const) {
      const html = await (await request.get(path)).text();
      expect(html).toContain(text);
      expect(html).toContain('lang="en-GB"');
      expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
    }
  });

  test("back restores the scroll position; a new page starts at the top", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY > 0);
    const saved = await page.evaluate(() => window.scrollY);
    // A script click does not scroll the link into view first, as Playwright's click would.
    await page.getByRole("link", { name: "Hair Growth Shampoo for Women" }).first().evaluate((link: HTMLElement) => link.click());
    await expect(page).toHaveURL(/\/product\/women-shampoo$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - saved)).toBeLessThan(5);
  });
});

test("SEO files list the public pages and keep private paths out", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/treatments/hair-loss-treatments", "/product/men-shampoo", "/product/viagra", "/about", "/contact"]) {
    expect(sitemap).toContain(path);
  }
  const robots = await (await request.get("/robots.txt")).text();
  for (const path of ["/dashboard", "/prescription/", "/api/", "/dev/"]) expect(robots).toContain(`Disallow: ${path}`);
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
});

test("security headers are on every response", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
});

test("the running server answers security.txt, liveness and readiness", async ({ request }) => {
  const securityTxt = await request.get("/.well-known/security.txt");
  expect(securityTxt.status()).toBe(200);
  expect(await securityTxt.text()).toMatch(/^Contact: mailto:/m);
  expect((await request.get("/api/health/live")).status()).toBe(200);
  const ready = await request.get("/api/health/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ok", database: "reachable", migrations: "applied" });
});
