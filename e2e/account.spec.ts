import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { shoot } from "./support/screenshots";
import { createUser, uniqueEmail, waitForHydratedForm } from "./support/users";

// Registration through the form is throttled per client address (5 an hour): only the first
// journey registers through the UI; the others make their accounts in the database.

async function logIn(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email" }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Log in" }).click();
}

test.describe("account", () => {
  test("register, log in, be greeted by name, see the plans, log out", async ({ page }) => {
    const email = uniqueEmail("register");
    const password = "violet harbour spindle 7";
    const main = page.getByRole("main");

    await page.goto("/register");
    await expectAccessible(page);
    await main.getByRole("textbox", { name: "Name" }).fill("Priya Shah");
    await main.getByRole("textbox", { name: "Email" }).fill(email);
    await main.getByLabel("Password", { exact: true }).fill(password);
    await main.getByLabel("Confirm password", { exact: true }).fill(password);
    await main.getByRole("button", { name: "Register" }).click();
    await expect(main.getByRole("status")).toContainText("Thank you for registering.");

    await page.waitForURL(/\/login$/);
    await waitForHydratedForm(page);
    await expectAccessible(page);
    await logIn(page, email, password);
    await expect(main.getByRole("status")).toHaveText("Login successful!");

    await page.waitForURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Priya Shah!$/);
    // Signed in, the header offers the account instead of the login page.
    const primary = page.getByRole("navigation", { name: "Primary" });
    await expect(primary.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/dashboard");
    // A new account is asked to verify its address first.
    const tasks = main.getByRole("region", { name: "Tasks" });
    await expect(tasks.getByRole("heading", { name: "Verify your email address" })).toBeVisible();
    await expect(tasks).toContainText(email);
    await expect(tasks.getByText("You are all set")).toHaveCount(0);
    await expectAccessible(page);

    // The welcome email's link opens a page that uses the token only when asked to.
    await page.goto("/dev/outbox");
    const welcome = main.getByRole("article").filter({ hasText: email }).filter({ hasText: /Welcome to/ });
    await expect(welcome).toHaveCount(1);
    await welcome.getByRole("link", { name: /\/verify-email\?token=/ }).click();
    await page.waitForURL(/\/verify-email\?token=/);
    await waitForHydratedForm(page);
    await expectAccessible(page);
    await main.getByRole("button", { name: "Confirm my email address" }).click();
    await expect(main.getByRole("status")).toHaveText("Thank you. Your email address is verified.");
    await expectAccessible(page);

    await page.goto("/dashboard");
    await expect(main.getByText("You are all set")).toBeVisible();
    await expect(main.getByText("No tasks at the moment")).toBeVisible();
    await expectAccessible(page);

    // Signed in, the login page has nothing to offer: it sends you on.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);

    const nav = page.getByRole("navigation", { name: "Account" });
    await nav.getByRole("link", { name: "Subscriptions" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Subscriptions" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Subscriptions" })).toHaveAttribute("aria-current", "page");
    await expect(main.getByText("You have no active subscriptions.")).toBeVisible();
    const plans = main.getByRole("region", { name: "Available Plans" }).getByRole("listitem");
    await expect(plans).toHaveCount(2);
    await expect(plans.first()).toContainText("Price £29.99");
    await expect(plans.first()).toContainText("Duration: 1 month");
    await expect(plans.nth(1)).toContainText("Price £79.99");
    await expect(plans.nth(1)).toContainText("Duration: 3 months");
    await expect(plans.first().getByRole("button", { name: "Subscribe to Minoxidil 1 month" })).toBeVisible();
    await expectAccessible(page);

    await nav.getByRole("link", { name: "Account Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
    await expect(main.getByRole("link", { name: /Manage plans and orders/ })).toHaveAttribute("href", "/dashboard/orders");
    await expect(main.getByRole("link", { name: /Order history/ })).toHaveAttribute("href", "/dashboard/orders#order-history");
    await expectAccessible(page);
    await main.getByRole("link", { name: /Refer a friend/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Refer a friend" })).toBeVisible();
    await expect(main.getByRole("textbox", { name: "Your referral link" })).toHaveValue(/\/r\/FRIEND-[A-Z0-9]{8}$/);
    await expect(main.getByText("Your friend gets 10% off non-prescription items on their first order.")).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
    await main.getByRole("button", { name: "Log out" }).click();

    await page.waitForURL(/\/login\?fromLogout=true$/);
    await expect(main.getByText("You have been logged out.")).toBeVisible();
    await expect(primary.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expectAccessible(page);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
    await expectAccessible(page);
  });

  test("a signed-out visit to a dashboard page asks for sign-in, then returns to it @mobile", async ({ page, isMobile }) => {
    const user = await createUser({ name: "Jordan Lee" });
    const main = page.getByRole("main");

    await page.goto("/dashboard/orders");
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Forders$/);
    await expectAccessible(page);
    await logIn(page, user.email, user.password);

    await page.waitForURL(/\/dashboard\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expect(main.getByText("You have no orders yet.")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Account" });
    await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link")).toHaveText(isMobile ? ["Home", "Orders", "Subs", "Side effects", "Account"] : ["Dashboard", "Orders", "Subscriptions", "Side effects", "Account Settings"]);
    await expectAccessible(page);

    // The header (the drawer, on a phone) offers the account instead of the login page.
    if (isMobile) {
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const drawer = page.getByRole("dialog", { name: "Main menu" });
      await expect(drawer.getByRole("link", { name: "Account", exact: true })).toHaveAttribute("href", "/dashboard");
      await expect(drawer.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
      await expectAccessible(page);
      await page.keyboard.press("Escape");
    } else {
      await expect(page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Account", exact: true })).toHaveAttribute("href", "/dashboard");
    }

    if (isMobile) {
      // The bar is fixed to the bottom of the screen; scrolled to the end, nothing is beneath it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const bar = await nav.boundingBox();
      const footerEnd = await page.getByRole("contentinfo").evaluate((footer) => footer.getBoundingClientRect().bottom);
      const viewport = page.viewportSize();
      expect(bar && viewport && Math.round(bar.y + bar.height)).toBe(viewport?.height);
      expect(footerEnd).toBeLessThanOrEqual((bar?.y ?? 0) + 1);
    }
  });

  test("register refuses mismatched passwords without sending anything", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/register") sent.push(request.method());
    });
    const main = page.getByRole("main");

    await page.goto("/register");
    await main.getByRole("textbox", { name: "Name" }).fill("Sam Patel");
    await main.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("mismatch"));
    await main.getByLabel("Password", { exact: true }).fill("violet harbour spindle 7");
    await main.getByLabel("Confirm password", { exact: true }).fill("violet harbour spindle 8");
    await main.getByRole("button", { name: "Register" }).click();

    await expect(main.getByRole("alert")).toHaveText("Passwords do not match!");
    await expect(main.getByLabel("Confirm password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByLabel("Confirm password", { exact: true })).toBeFocused();
    await expectAccessible(page);
    expect(sent).toEqual([]);
  });

  test("reset a forgotten password through the emailed link, then log in with the new one", async ({ page }) => {
    const user = await createUser({ name: "Chris Okafor" });
    const newPassword = "copper meadow rivet 19";
    const main = page.getByRole("main");

    await page.goto("/forgot-password");
    await expectAccessible(page);
    await main.getByRole("textbox", { name: "Email" }).fill(user.email);
    await main.getByRole("button", { name: "Send reset link" }).click();
    await expect(main.getByRole("status")).toContainText("If an account exists for this email");
    await expectAccessible(page);

    await page.goto("/dev/outbox");
    await expectAccessible(page);
    const email = main.getByRole("article").filter({ hasText: user.email }).filter({ hasText: /Reset your .* password/ });
    await expect(email).toHaveCount(1);
    const link = email.getByRole("link", { name: /\/reset-password\?token=/ });
    const resetUrl = await link.getAttribute("href");
    await link.click();

    await page.waitForURL(/\/reset-password\?token=/);
    await waitForHydratedForm(page);
    await expectAccessible(page);
    await main.getByLabel("New password", { exact: true }).fill(newPassword);
    await main.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
    await main.getByRole("button", { name: "Set new password" }).click();
    await expect(main.getByRole("status")).toContainText("Your password has been changed.");
    await expectAccessible(page);

    // The link works once.
    await page.goto(resetUrl ?? "/reset-password");
    await main.getByLabel("New password", { exact: true }).fill("another fine passphrase");
    await main.getByLabel("Confirm new password", { exact: true }).fill("another fine passphrase");
    await main.getByRole("button", { name: "Set new password" }).click();
    await expect(main.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
    await expect(main.getByRole("alert").getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
    await expectAccessible(page);

    await page.goto("/login");
    await expectAccessible(page);
    await logIn(page, user.email, user.password);
    await expect(main.getByRole("alert")).toHaveText("Invalid credentials");
    await logIn(page, user.email, newPassword);
    await page.waitForURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Chris Okafor");
    await expectAccessible(page);
  });

  test("locked out by wrong passwords, unlock sign-in through the emailed link", async ({ page }) => {
    const user = await createUser({ name: "Sam Reid" });
    const main = page.getByRole("main");

    await page.goto("/login");
    await waitForHydratedForm(page);
    for (let i = 0; i < 5; i += 1) {
      await logIn(page, user.email, `wrong guess ${i}`);
      await expect(main.getByRole("alert")).toHaveText("Invalid credentials");
    }
    await logIn(page, user.email, user.password);
    await expect(main.getByRole("alert")).toContainText("we have sent its owner a link to unlock sign-in");
    await expectAccessible(page);

    await page.goto("/dev/outbox");
    const email = main.getByRole("article").filter({ hasText: user.email }).filter({ hasText: /Unlock sign-in/ });
    await expect(email).toHaveCount(1);
    const link = email.getByRole("link", { name: /\/unlock-sign-in\?token=/ });
    const unlockUrl = await link.getAttribute("href");
    await link.click();

    await page.waitForURL(/\/unlock-sign-in\?token=/);
    await waitForHydratedForm(page);
    await expectAccessible(page);
    await shoot(page, "auth", "unlock-sign-in");
    await main.getByRole("button", { name: "Unlock sign-in" }).click();
    await expect(main.getByRole("status")).toContainText("Sign-in is unlocked.");
    await expectAccessible(page);
    await shoot(page, "auth", "unlock-sign-in-done");

    // The link works once.
    await page.goto(unlockUrl ?? "/unlock-sign-in");
    await waitForHydratedForm(page);
    await main.getByRole("button", { name: "Unlock sign-in" }).click();
    await expect(main.getByRole("alert")).toContainText("This unlock link has expired or was already used.");
    await expectAccessible(page);
    await shoot(page, "auth", "unlock-sign-in-used");

    await page.goto("/login");
    await waitForHydratedForm(page);
    await logIn(page, user.email, user.password);
    await page.waitForURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Sam Reid");
  });

  test("change the email address through the link sent to the new one", async ({ page }) => {
    const user = await createUser({ name: "Robin Hale" });
    const newEmail = uniqueEmail("moved");
    const main = page.getByRole("main");
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await page.waitForURL(/\/dashboard$/);
    await expect(main.getByText("You are all set")).toBeVisible();

    await page.goto("/dashboard/account-settings");
    const form = main.getByRole("form", { name: "Email address" });
    await expect(form).toContainText(user.email);
    await form.getByRole("textbox", { name: "New email address" }).fill(newEmail);
    await form.getByLabel("Current password", { exact: true }).fill(user.password);
    await form.getByRole("button", { name: "Change email address" }).click();
    await expect(form.getByRole("status")).toHaveText(`We have sent a link to ${newEmail}. Your email address changes when you open it; it expires in 24 hours.`);
    await page.reload();
    await expect(form).toContainText(`Waiting for confirmation: open the link we sent to ${newEmail}.`);
    await expectAccessible(page);

    await page.goto("/dev/outbox");
    const notice = main.getByRole("article").filter({ hasText: user.email }).filter({ hasText: /change of email address was requested/ });
    await expect(notice).toContainText(newEmail);
    const linkMail = main.getByRole("article").filter({ hasText: newEmail }).filter({ hasText: /Confirm your new email address/ });
    await linkMail.getByRole("link", { name: /\/verify-email\?token=/ }).click();
    await page.waitForURL(/\/verify-email\?token=/);
    await waitForHydratedForm(page);
    await main.getByRole("button", { name: "Confirm my email address" }).click();
    await expect(main.getByRole("status")).toHaveText(`Your email address is now ${newEmail}. Your other devices have been signed out.`);
    await expectAccessible(page);

    await page.goto("/dashboard/account-settings");
    await expect(main.getByRole("form", { name: "Email address" })).toContainText(`Your email address is ${newEmail}.`);
    await page.goto("/dev/outbox");
    await expect(main.getByRole("article").filter({ hasText: user.email }).filter({ hasText: /account was changed/ })).toHaveCount(1);

    await page.goto("/dashboard/account-settings");
    await main.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login\?fromLogout=true$/);
    await waitForHydratedForm(page);
    await logIn(page, user.email, user.password);
    await expect(main.getByRole("alert")).toHaveText("Invalid credentials");
    await logIn(page, newEmail, user.password);
    await page.waitForURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Robin Hale");
  });

  test("account settings: rename, reminders, download my data, delete the account", async ({ page }) => {
    const user = await createUser({ name: "Sam Lee" });
    const main = page.getByRole("main");
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await page.waitForURL(/\/dashboard$/);

    // next-auth's own session endpoint reads the same cookie and the same live session row.
    const session = await (await page.request.get("/api/auth/session")).json();
    expect(session.user).toEqual({ name: "Sam Lee", email: user.email });

    await page.goto("/dashboard/account-settings");
    await expectAccessible(page);
    const details = main.getByRole("form", { name: "Account details" });
    await details.getByRole("textbox", { name: "Name" }).fill("Samira Lee");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByRole("status")).toHaveText("Your details have been saved.");

    const reminders = main.getByRole("form", { name: "Reminders" });
    await reminders.getByRole("checkbox").uncheck();
    await reminders.getByRole("button", { name: "Save reminders" }).click();
    await expect(reminders.getByRole("status")).toHaveText("Email reminders are off.");

    const download = page.waitForEvent("download");
    await main.getByRole("link", { name: "Download my data" }).click();
    const file = await (await download).path();
    const data = JSON.parse(await (await import("node:fs/promises")).readFile(file, "utf8"));
    expect(data.account).toMatchObject({ name: "Samira Lee", email: user.email, reminders_enabled: false });

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Samira Lee");

    await page.goto("/dashboard/account-settings");
    const remove = main.getByRole("form", { name: "Delete my account" });
    await expect(remove).toContainText("UK law requires a pharmacy to keep some medical records");
    await remove.getByLabel("Your password", { exact: true }).fill("not my password");
    await remove.getByRole("button", { name: "Delete my account" }).click();
    await expect(remove.getByRole("alert")).toContainText("Your password is not correct.");
    await expectAccessible(page);
    await remove.getByLabel("Your password", { exact: true }).fill(user.password);
    await remove.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect((await (await page.request.get("/api/auth/session")).json()).user).toBeUndefined();

    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(main.getByRole("alert")).toHaveText("Invalid credentials");
  });
});
