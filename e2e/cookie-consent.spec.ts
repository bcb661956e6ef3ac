import { expect, expectAccessible, test } from "./support/fixtures";
import { shoot } from "./support/screenshots";

test.describe("cookie consent", () => {
  test.use({ cookieChoice: null });

  test("a first visitor can reject, the choice is kept, and can be changed from the footer", async ({ page, context }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    await expect(banner).toBeVisible();
    const accept = banner.getByRole("button", { name: "Accept all" });
    const reject = banner.getByRole("button", { name: "Reject non-essential" });
    // As prominent as each other: the same size.
    const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(Math.round(a!.width)).toBe(Math.round(r!.width));
    expect(Math.round(a!.height)).toBe(Math.round(r!.height));
    await expectAccessible(page);
    await shoot(page, "shop", "cookie-banner");

    await reject.click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("rejected");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(banner).toBeHidden();

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("your current choice: rejected");
    await banner.getByRole("button", { name: "Accept all" }).click();
    expect((await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("accepted");
    await expectAccessible(page);
  });

  test("the cookies page lists what we set, and the footer and About page carry the trust panel", async ({ page }) => {
    await page.goto("/cookies");
    await expect(page.getByRole("heading", { level: 1, name: "Cookies" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "cookie_consent" })).toBeVisible();
    await page.getByRole("button", { name: "Reject non-essential" }).click();
    await expectAccessible(page);
    await page.goto("/about");
    // The footer's panel is the page's one "Registered and regulated" region; the About page's
    // copy is content under its own heading (two regions of one name confuse a landmark list).
    await expect(page.getByRole("region", { name: "Registered and regulated" })).toHaveCount(1);
    await expect(page.getByRole("contentinfo").getByRole("region", { name: "Registered and regulated" })).toContainText("GPhC premises number");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 3, name: "Registered and regulated" })).toBeVisible();
    await expect(main).toContainText("GPhC premises number");
    await expect(main).toContainText("[Placeholder: set GPHC_PREMISES_NUMBER]");
    await expectAccessible(page);
    await shoot(page, "shop", "about");
  });
});
