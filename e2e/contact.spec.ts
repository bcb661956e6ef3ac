import { expect, expectAccessible, test } from "./support/fixtures";

test.describe("contact", () => {
  test("sends a message, thanks the visitor and resets the form @mobile", async ({ page }) => {
    await page.goto("/contact");
    await expectAccessible(page);
    const form = page.getByRole("main");
    await form.getByRole("textbox", { name: "Name" }).fill("Alex Jones");
    await form.getByRole("textbox", { name: "Email" }).fill("alex.jones@example.com");
    await form.getByRole("textbox", { name: "Subject" }).fill("Order question");
    await form.getByRole("textbox", { name: "Message" }).fill("Do you deliver to Northern Ireland?");
    await form.getByRole("button", { name: /send/i }).click();
    await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue("");
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("");
    await expectAccessible(page);
  });

  test("shows field errors and keeps what was typed when the server refuses", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("main");
    await form.getByRole("textbox", { name: "Name" }).fill("Alex");
    await form.getByRole("textbox", { name: "Email" }).fill("alex@example.com");
    await form.getByRole("textbox", { name: "Subject" }).fill("x".repeat(200));
    await form.getByRole("textbox", { name: "Message" }).fill("Hello");
    await form.getByRole("button", { name: /send/i }).click();
    await expect(page.getByText("Your subject must be at most 150 characters.")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("Hello");
    await expectAccessible(page);
  });
});

test.describe("newsletter", () => {
  test("subscribes with consent and says the personal code is emailed, the same for a repeat", async ({ page }) => {
    const email = `news.${Date.now()}@example.com`;
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: /email/i }).fill(email);
    await footer.getByRole("checkbox").check();
    await footer.getByRole("button", { name: /subscribe|sign up/i }).click();
    const thanks = footer.getByText(/Check your inbox: we have emailed your personal code/);
    await expect(thanks).toBeVisible();
    await expectAccessible(page);
    await page.reload();

    await footer.getByRole("textbox", { name: /email/i }).fill(email);
    await footer.getByRole("checkbox").check();
    await footer.getByRole("button", { name: /subscribe|sign up/i }).click();
    // A known email gets the same answer: the form does not reveal who subscribed.
    await expect(footer.getByText(/Check your inbox: we have emailed your personal code/)).toBeVisible();
  });

  test("asks for consent before subscribing", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: /email/i }).fill(`consent.${Date.now()}@example.com`);
    await footer.getByRole("button", { name: /subscribe|sign up/i }).click();
    await expect(footer.getByText(/Check your inbox/)).toHaveCount(0);
  });
});
