import { expect, expectAccessible, test } from "./support/fixtures";
import { shoot } from "./support/screenshots";

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

  test("checks out a guest's cosmetics with next day delivery, pays in the sandbox and shows the order", async ({ page }) => {
    await page.goto("/product/men-shampoo");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Added to your cart.")).toBeVisible();
    await page.goto("/cart");

    // £15.99 is under £40: standard delivery costs £3.99; next day £5.99.
    await expect(page.getByRole("radio", { name: /Standard delivery: £3.99/ })).toBeChecked();
    await expect(page.getByText("To pay").locator("..")).toContainText("£19.98");
    await page.getByRole("main").getByRole("radio", { name: /Next day delivery: £5.99/ }).check();
    await expect(page.getByText("To pay").locator("..")).toContainText("£21.98");

    // Bad input is explained next to its field.
    await page.getByRole("main").getByRole("textbox", { name: "Email address" }).fill(`shopper.${Date.now()}@example.com`);
    await page.getByRole("main").getByRole("textbox", { name: "Full name" }).fill("Sam Taylor");
    await page.getByRole("main").getByRole("textbox", { name: "Address line 1" }).fill("1 High Street");
    await page.getByRole("main").getByRole("textbox", { name: "Town or city" }).fill("Leeds");
    await page.getByRole("main").getByRole("textbox", { name: "Postcode" }).fill("12345");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page.getByText("Please enter a valid UK postcode, for example SW1A 1AA.").first()).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "shop", "cart-checkout");

    await page.getByRole("main").getByRole("textbox", { name: "Postcode" }).fill("ls1 4ap");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pay £21.98" })).toBeVisible();
    await page.getByRole("button", { name: "Pay £21.98" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    await expect(page.getByText(/Order OR-[A-Z0-9]{6} is paid \(£21.98\)/)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "shop", "checkout-success");

    // The bought item left the cart.
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("coming back from a cancelled payment keeps the cart and says nothing was charged", async ({ page }) => {
    await page.goto("/product/women-shampoo");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Added to your cart.")).toBeVisible();
    await page.goto("/cart?cancel=1");
    await expect(page.getByText("Payment was cancelled. Nothing was charged and your cart is unchanged.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem")).toHaveCount(1);
  });
});
