import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("cart", () => {
  test("empty cart shows the spec's empty state", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your Cart" })).toBeVisible();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
  });

  test("add from product pages, see the count and total, remove, reach the empty state @mobile", async ({ page }) => {
    await page.goto("/product/men-shampoo");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Added to your cart.")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Cart, 1 item/ })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/product/women-shampoo");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("link", { name: /^Cart, 2 items/ })).toBeVisible();

    await page.getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const items = page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(page.getByText("£31.98")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Proceed to checkout" }).or(page.getByRole("button", { name: /checkout/i })).first().click();
    await expect(page.getByText("Proceeding to checkout...")).toBeVisible();

    await page.getByRole("button", { name: /Remove Hair Growth Shampoo for Men/ }).click();
    await expect(items).toHaveCount(1);
    await expect(page.getByText("£15.99").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Cart, 1 item/ })).toBeVisible();

    // The cart is kept on the server: a reload shows the same contents.
    await page.reload();
    await expect(items).toHaveCount(1);

    await page.getByRole("button", { name: /Remove Hair Growth Shampoo for Women/ }).click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expectAccessible(page);
  });

  test("the guest cookie is HttpOnly and not readable by scripts", async ({ page, context }) => {
    await page.goto("/product/men-shampoo");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Added to your cart.")).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name.endsWith("guest_id"));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await page.evaluate(() => document.cookie)).not.toContain("guest_id");
  });
});
