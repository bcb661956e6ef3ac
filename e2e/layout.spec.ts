import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("global layout", () => {
  test("every page has the promo bar, header and footer, and scans clean @mobile", async ({ page }) => {
    for (const path of ["/", "/treatments", "/about", "/contact"]) {
      await page.goto(path);
      await expect(page.getByText("Free shipping on orders £40+")).toBeVisible();
      await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Cart/ })).toHaveAttribute("href", "/cart");
      await expect(page.getByRole("heading", { name: "Get 10% Off Your First Order" })).toBeVisible();
      await expect(page.getByText("Plus, get early access to new launches and our best self-care tips.")).toBeVisible();
      await expectAccessible(page);
    }
  });

  test.describe("loader", () => {
    test.use({ freshSession: true });

    test("shows the logo for about a second once per browser session", async ({ page }) => {
      // Recorded as it happens: page.goto waits for hydration, which on a busy machine can
      // take longer than the loader's second, so looking afterwards could miss it.
      await page.addInitScript(() => {
        const seen = window as unknown as { loaderSeen: number };
        seen.loaderSeen = 0;
        new MutationObserver(() => {
          if (document.documentElement.classList.contains("loader-on")) seen.loaderSeen += 1;
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
      });
      await page.goto("/");
      const html = page.locator("html");
      expect(await page.evaluate(() => (window as unknown as { loaderSeen: number }).loaderSeen)).toBeGreaterThan(0);
      // The page beneath is already rendered (server HTML).
      await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
      await expect(html).not.toHaveClass(/loader-on/, { timeout: 3000 });
      await page.goto("/about");
      await expect(html).not.toHaveClass(/loader-on/);
      expect(await page.evaluate(() => (window as unknown as { loaderSeen: number }).loaderSeen)).toBe(0);
    });
  });

  test.describe("loader with reduced motion", () => {
    test.use({ freshSession: true, reducedMotion: "reduce" });

    test("is skipped for people who ask for less motion", async ({ page }) => {
      await page.goto("/");
      await expect(page.locator("html")).not.toHaveClass(/loader-on/);
    });
  });
});

test.describe("drawer", () => {
  test("lists the spec's links and closes by ×, backdrop, Escape and any link @mobile", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    const drawer = page.getByRole("dialog", { name: "Main menu" });

    await menu.click();
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Home", "Book a Consultation", "About Us", "Contact Us", "Login"]) {
      await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole("button", { name: "Choose Treatments" })).toBeVisible();
    await expectAccessible(page);

    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    // The drawer opens from the left: click the backdrop at the far right.
    const backdrop = page.getByTestId("drawer-backdrop");
    const box = await backdrop.boundingBox();
    await backdrop.click({ position: { x: (box?.width ?? 400) - 10, y: 200 } });
    await expect(drawer).toBeHidden();

    await menu.click();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    await menu.click();
    await drawer.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawer).toBeHidden();
  });

  test("the sub-drawer opens, goes back, and resets when the drawer closes", async ({ page }) => {
    await page.goto("/");
    const drawer = page.getByRole("dialog", { name: "Main menu" });
    await page.getByRole("button", { name: "Menu", exact: true }).click();

    await drawer.getByRole("button", { name: "Choose Treatments" }).click();
    const hairLoss = drawer.getByRole("link", { name: "Hair Loss Treatments" });
    await expect(hairLoss).toBeVisible();
    await expectAccessible(page);

    await drawer.getByRole("button", { name: "Back to menu" }).click();
    await expect(hairLoss).toBeHidden();

    await drawer.getByRole("button", { name: "Choose Treatments" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    // Closing the drawer closed the sub-drawer too: it reopens on the main list.
    await expect(drawer.getByRole("link", { name: "Home", exact: true })).toBeVisible();
    await expect(hairLoss).toBeHidden();

    await drawer.getByRole("button", { name: "Choose Treatments" }).click();
    await hairLoss.click();
    await expect(page).toHaveURL(/\/treatments\/hair-loss-treatments$/);
    await expect(drawer).toBeHidden();
  });

  // The native modal dialog keeps focus: Tab and Shift+Tab never reach the page behind it
  // (past the last control Chromium may rest on the document itself before wrapping).
  test("Tab and Shift+Tab stay inside the drawer and its sub-drawer @mobile", async ({ page }) => {
    await page.goto("/");
    const drawer = page.getByRole("dialog", { name: "Main menu" });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(drawer.getByRole("button", { name: "Close menu" })).toBeFocused();
    const focusStaysInside = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active === document.body || active === null || Boolean(document.querySelector("dialog[open]")?.contains(active));
      });
    let reachedInside = 0;
    for (const key of [...Array(12).fill("Tab"), ...Array(12).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      expect(await focusStaysInside()).toBe(true);
      if (await page.evaluate(() => document.querySelector("dialog[open]")?.contains(document.activeElement) ?? false)) reachedInside += 1;
    }
    expect(reachedInside).toBeGreaterThan(18);

    await drawer.getByRole("button", { name: "Choose Treatments" }).click();
    await expect(drawer.getByRole("button", { name: "Back to menu" })).toBeFocused();
    for (const key of [...Array(8).fill("Tab"), ...Array(8).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      expect(await focusStaysInside()).toBe(true);
      // The main panel behind the sub-drawer is inert: focus is never on its links.
      expect(await page.evaluate(() => document.activeElement?.closest("[inert]") ?? null)).toBeNull();
    }
  });
});

test("an unknown path shows the 404 page with a real 404 status", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  await expect(page.getByText("Oops! The page you are looking for does not exist.")).toBeVisible();
  await expectAccessible(page);
  const product = await page.goto("/product/no-such-product");
  expect(product?.status()).toBe(404);
});
