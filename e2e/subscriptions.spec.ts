import pg from "pg";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { ONE_INSTANCE } from "./support/tags";
import { findInQueue, logIn, passMinoxidil, pharmacistPage } from "./support/journeys";
import { shoot } from "./support/screenshots";
import { createUser } from "./support/users";

// Dashboard → Subscriptions (spec sections 2, 4, 7): subscribe from the dashboard (the
// assessment first, then Stripe Checkout in subscription mode in the sandbox), see the
// subscription with its next charge date, pause it and cancel it, with the spec's confirmation
// and alert.

const shot = (page: Page, name: string) => shoot(page, "subscriptions", name);

/** The newest order of a patient (by their email), read from the database. */
async function latestOrderReference(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT reference FROM orders WHERE email = $1 ORDER BY created_at DESC LIMIT 1", [email.toLowerCase()]);
    return rows[0].reference as string;
  } finally {
    await client.end();
  }
}

/** The page's buttons answer clicks once React has hydrated them. */
async function waitForHydratedButtons(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector("main table button");
    return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

test.describe("subscriptions", () => {
  test("subscribe from the dashboard, pay in the sandbox, see it, pause it and cancel it", async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    const patient = await createUser({ name: "Robin Hale" });
    await logIn(page, patient, "/dashboard/subscriptions");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Your Subscriptions" })).toBeVisible();
    await expect(main.getByText("You have no active subscriptions.")).toBeVisible();
    await expect(main.getByRole("heading", { level: 3, name: "Minoxidil 1 month" })).toBeVisible();
    await expect(main.getByText("Duration: 3 months")).toBeVisible();
    await expectAccessible(page);
    await shot(page, "empty");

    // No assessment yet: Subscribe leads to it; its eligible result offers the plan again.
    await main.getByRole("button", { name: "Subscribe to Minoxidil 1 month" }).click();
    await expect(page).toHaveURL(/\/minoxidil\/quiz\/1$/);
    await passMinoxidil(page);
    await expect(main.getByRole("button", { name: "Subscribe to Minoxidil 1 month" })).toBeVisible();
    await expectAccessible(page);
    await shot(page, "results");
    await main.getByRole("button", { name: "Subscribe to Minoxidil 1 month" }).click();

    // The sandbox's hosted page, in subscription mode, collecting the delivery address.
    await expect(page.getByRole("heading", { level: 1, name: "Subscribe: £29.99 every month" })).toBeVisible();
    await expectAccessible(page);
    await shot(page, "sandbox-checkout");
    // The address is required: Subscribe without it is refused on the page.
    await page.getByRole("textbox", { name: "Postcode" }).fill("not a postcode");
    await page.getByRole("textbox", { name: "Full name" }).fill("Robin Hale");
    await page.getByRole("textbox", { name: "Address line 1" }).fill("4 Mill Lane");
    await page.getByRole("textbox", { name: "Town or city" }).fill("York");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert")).toHaveText("Enter a UK postcode, like SW1A 1AA.");
    await page.getByRole("textbox", { name: "Full name" }).fill("Robin Hale");
    await page.getByRole("textbox", { name: "Address line 1" }).fill("4 Mill Lane");
    await page.getByRole("textbox", { name: "Town or city" }).fill("York");
    await page.getByRole("textbox", { name: "Postcode" }).fill("YO1 7HH");
    await page.getByRole("button", { name: "Subscribe" }).click();

    await expect(page).toHaveURL(/\/dashboard\/subscriptions\?session_id=cs_/);
    await expect(main.getByText("Thank you: your subscription has started.")).toBeVisible();
    const table = main.getByRole("table");
    const row = table.getByRole("row").filter({ hasText: /sub_/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("minoxidil");
    await expect(row).toContainText("£29.99");
    await expect(row).toContainText("1 month");
    await expect(row).toContainText("active");
    await expect(table).toContainText(/Renews on \d{1,2} [A-Z][a-z]+ \d{4}/);
    await waitForHydratedButtons(page);
    await expectAccessible(page);
    await shot(page, "active");

    // Its first supply is an order in the pharmacist's queue, marked as a subscription's.
    const reference = await latestOrderReference(patient.email);
    const staff = await pharmacistPage(browser, baseURL, "Sam Dispenser");
    await findInQueue(staff, "/staff/orders", reference);
    await staff.getByRole("main").getByRole("link", { name: reference }).click();
    await expect(staff.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
    await expect(staff.getByRole("region", { name: "Subscription" })).toContainText("Supply 1 of a Minoxidil 1 month subscription");
    await expectAccessible(staff);
    await shoot(staff, "subscriptions", "staff-order");
    await staff.context().close();

    await row.getByRole("button", { name: /^Pause subscription/ }).click();
    await expect(main.getByText("Your subscription is paused: no renewals are charged or sent until you resume it.")).toBeVisible();
    await expect(table).toContainText("Paused: no renewals are charged or sent until you resume.");
    await expect(row.getByRole("button", { name: /^Resume subscription/ })).toBeVisible();
    await expectAccessible(page);
    await shot(page, "paused");

    await row.getByRole("button", { name: /^Cancel subscription/ }).click();
    await expect(table).toContainText(/Cancelled: ends on \d{1,2} [A-Z][a-z]+ \d{4}\. No further payments\./);
    expect(dialogs).toEqual(["confirm: Are you sure you want to cancel this subscription?", "alert: Subscription canceled successfully."]);
    await expect(row.getByRole("button", { name: /^Cancel subscription/ })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, "cancelled");

    // Phone width: cards with the status badge instead of the table.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(main.getByRole("table")).toBeHidden();
    const card = main.getByRole("list", { name: "Your subscriptions" }).getByRole("listitem");
    await expect(card).toContainText("Minoxidil 1 month");
    await expect(card).toContainText("active");
    await expectAccessible(page);
  });

  test("shows the empty state, and sends a signed-out visitor to log in", { tag: ONE_INSTANCE }, async ({ page }) => {
    const patient = await createUser({ name: "Dana Fox" });
    await logIn(page, patient, "/dashboard/subscriptions");
    await expect(page.getByRole("main").getByText("You have no active subscriptions.")).toBeVisible();
    // A signed-out visitor is sent to log in.
    await page.context().clearCookies();
    await page.goto("/dashboard/subscriptions");
    await expect(page).toHaveURL(/\/login/);
  });
});
