import type { Page } from "@playwright/test";
import { addDays } from "date-fns";
import { calendarDay, isWeekendDate, toIsoDate } from "../lib/booking/schedule";
import { formatWeekdayDate, londonToday } from "../lib/format/dates";
import { expect, expectAccessible, test } from "./support/fixtures";
import { ONE_INSTANCE } from "./support/tags";
import { shoot } from "./support/screenshots";
import { answer, findInQueue, logIn, passMinoxidil, pharmacistPage } from "./support/journeys";
import { createUser, waitForHydratedForm } from "./support/users";

// The purchase journey of spec section 1: a treatment's assessment from the home page, its
// results and plans, the cart with delivery, payment in the local sandbox, and the
// pharmacist's review in the staff area, with the patient following it on the dashboard.

const shot = (page: Page, name: string) => shoot(page, "shop", name);


/** From the results page: the 1-month plan into the cart, delivered to a UK address, paid in the sandbox. */
async function buyOneMonthPlan(page: Page): Promise<string> {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: "Minoxidil 5% for Men may be suitable for you" })).toBeVisible();
  await main.getByRole("button", { name: "Choose plan Minoxidil 1 month" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydratedForm(page);
  const items = main.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Minoxidil 5% for Men, 1-month supply");
  await expect(items.first()).toContainText("1-Month");
  // £29.99 is under £40: standard delivery £3.99.
  await expect(main.getByText("To pay").locator("..")).toContainText("£33.98");
  await main.getByRole("textbox", { name: "Full name" }).fill("Alex Morgan");
  await main.getByRole("textbox", { name: "Address line 1" }).fill("10 Market Street");
  await main.getByRole("textbox", { name: "Town or city" }).fill("Manchester");
  await main.getByRole("textbox", { name: "Postcode" }).fill("M1 1AE");
  await main.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pay £33.98" })).toBeVisible();
  await page.getByRole("button", { name: "Pay £33.98" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  const text = await page.getByText(/Order OR-[A-Z0-9]{6} is paid/).textContent();
  return /OR-[A-Z0-9]{6}/.exec(text ?? "")![0];
}


async function openOrderForReview(staff: Page, reference: string) {
  await findInQueue(staff, "/staff/orders", reference);
  await staff.getByRole("main").getByRole("link", { name: reference }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await waitForHydratedForm(staff);
  await staff.getByRole("button", { name: "Review this order" }).click();
  await expect(staff.getByText("You are reviewing this order.")).toBeVisible();
}

test.describe("the shop's purchase journey", () => {
  test("minoxidil from the home card through the assessment, results, cart and payment to a dispatched order on the dashboard", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const patient = await createUser({ name: "Alex Morgan" });
    await logIn(page, patient, "/dashboard");
    await page.goto("/");
    await page.getByRole("link", { name: /Start Assessment/ }).first().click();
    await expect(page).toHaveURL(/\/minoxidil\/quiz\/1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Minoxidil assessment" })).toBeVisible();
    await expectAccessible(page);
    await shot(page, "quiz-1");
    // Validation like the prescription questionnaire: Next with no answer.
    await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please select an answer.");
    await passMinoxidil(page, { scan: true });
    await expectAccessible(page);
    await shot(page, "results-eligible");
    const reference = await buyOneMonthPlan(page);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Follow your order" }).click();
    const order = page.getByRole("main").getByRole("listitem").filter({ hasText: reference });
    await expect(order).toContainText("Awaiting pharmacist review");
    await expectAccessible(page);

    const staff = await pharmacistPage(browser, baseURL, "Lee Chemist");
    await expect(staff.getByRole("heading", { level: 1, name: "Orders queue" })).toBeVisible();
    await expectAccessible(staff);
    await shot(staff, "staff-queue");
    await openOrderForReview(staff, reference);
    await expect(staff.getByRole("region", { name: "Minoxidil assessment answers" })).toContainText("Gradual thinning");
    await expectAccessible(staff);
    await shot(staff, "staff-order");
    await staff.getByRole("button", { name: "Dispense" }).click();
    await expect(staff.getByRole("textbox", { name: "Tracking reference" })).toBeVisible();
    await waitForHydratedForm(staff);
    await staff.getByRole("textbox", { name: "Tracking reference" }).fill("RM123456789GB");
    await staff.getByRole("button", { name: "Mark dispatched" }).click();
    await expect(staff.getByText("Tracking reference: RM123456789GB")).toBeVisible();
    await staff.context().close();

    await page.goto("/dashboard/orders");
    await expect(order).toContainText("Dispatched");
    await order.getByRole("link", { name: `View order ${reference}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Tracking reference: RM123456789GB");
    await expectAccessible(page);
    await shot(page, "dashboard-order");
  });

  test("a failed viagra assessment explains why and ends at the consultation page", { tag: ONE_INSTANCE }, async ({ page }) => {
    await page.goto("/viagra/quiz/1");
    await answer(page, 1, { option: "Male" });
    await answer(page, 2, { text: { label: "What is your date of birth?", value: "1980-02-10" } });
    await answer(page, 3, { option: "Yes" });
    await answer(page, 4, { option: "Yes" });
    const dialog = page.getByRole("dialog", { name: "Important Information" });
    await expect(dialog).toContainText("must never be taken with nitrates");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/viagra\/results$/);
    await expect(page.getByRole("main")).toContainText("must never be taken with nitrates");
    await expectAccessible(page);
    await shot(page, "results-not-eligible");
    await page.getByRole("main").getByRole("link", { name: "Book a consultation", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Book Your Hair Consultation" })).toBeVisible();

    // Straight to the consultation from the modal, on a second attempt.
    await page.goto("/viagra/quiz/1");
    await answer(page, 1, { option: "Female" });
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/consultation$/);
    await expectAccessible(page);
  });

  test("assessment steps: out of range goes to step 1, an unknown treatment is not found, a measurements step", { tag: ONE_INSTANCE }, async ({ page }) => {
    await page.goto("/minoxidil/quiz/99");
    await expect(page).toHaveURL(/\/minoxidil\/quiz\/1$/);
    const missing = await page.goto("/aspirin/quiz/1");
    expect(missing?.status()).toBe(404);
    await page.goto("/mounjaro/quiz/1");
    await answer(page, 1, { text: { label: "What is your date of birth?", value: "1980-02-10" } });
    await answer(page, 2, { option: "Male" });
    await expect(page).toHaveURL(/\/mounjaro\/quiz\/4$/);
    await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
    await page.getByRole("textbox", { name: "Height (cm)" }).fill("180");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please enter your weight in kilograms.");
    await expectAccessible(page);
    await shot(page, "quiz-measurements");
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/mounjaro\/quiz\/3$/);
  });

  test("a pharmacist invites the patient to a consultation, and the patient books it free", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const patient = await createUser({ name: "Sam Reid" });
    await logIn(page, patient, "/dashboard");
    await page.goto("/minoxidil/quiz/1");
    await passMinoxidil(page);
    const reference = await buyOneMonthPlan(page);

    const staff = await pharmacistPage(browser, baseURL, "Kim Pharmacist");
    await openOrderForReview(staff, reference);
    await staff.getByLabel("Consultation", { exact: true }).selectOption({ label: "Hair consultation" });
    await staff.getByRole("textbox", { name: "Note for the patient (optional)" }).fill("I would like to check how long this has been going on.");
    await staff.getByRole("button", { name: "Invite to a consultation" }).click();
    await expect(staff.getByText(/Invited to a hair consultation \(not booked yet/)).toBeVisible();
    await staff.context().close();

    await page.goto("/dashboard/orders");
    const order = page.getByRole("main").getByRole("listitem").filter({ hasText: reference });
    await expect(order).toContainText("Consultation invited");
    await order.getByRole("link", { name: /Book your free consultation/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Book your free consultation" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("I would like to check how long this has been going on.");
    await expectAccessible(page);
    await shot(page, "invited-booking");
    const today = calendarDay(londonToday());
    let date = "";
    for (let day = 2; day <= 30 && !date; day += 1) {
      const candidate = toIsoDate(addDays(today, day));
      if (!isWeekendDate(candidate)) date = candidate;
    }
    const form = page.getByRole("form", { name: "Choose a time" });
    const dayButton = form.getByRole("button", { name: new RegExp(`(^|, )${formatWeekdayDate(date)}(,|$)`) });
    await form.getByRole("grid").first().waitFor(); // the calendar loads once the page is interactive
    if (!(await dayButton.isVisible())) await form.getByRole("button", { name: /next month/i }).click();
    await dayButton.click();
    const slot = form.getByRole("group", { name: "Select a time" }).getByRole("button").first();
    await expect(slot).toBeVisible();
    await slot.click();
    await shot(page, "invited-booking-time-chosen");
    await form.getByRole("button", { name: "Book free consultation" }).click();
    await expect(page.getByRole("heading", { name: "Your free consultation is booked" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/dashboard/orders");
    await expect(page.getByRole("main").getByText("£0.00").or(page.getByRole("main").getByText(/no fee/i)).first()).toBeVisible();
  });
});
