import type { Page } from "@playwright/test";
import { addDays } from "date-fns";
import { calendarDay, isWeekendDate, toIsoDate } from "../lib/booking/schedule";
import { formatWeekdayDate, londonToday } from "../lib/format/dates";
import { expect, expectAccessible, test } from "./support/fixtures";
import { ONE_INSTANCE } from "./support/tags";
import { shoot } from "./support/screenshots";
import { createUser, waitForHydratedForm, type TestUser } from "./support/users";

// The consultation booking journeys (spec section 2, "Consultation booking"). The helpers
// below are shared by every journey in this file, including the payment ones.

const WEEKEND_MESSAGE = "Weekends are not available. Please select a weekday.";
const CHECKOUT_CANCELLED = "Payment cancelled. Your appointment was not booked — you can choose another time.";

/** The first date from `offset` days after today (London) that matches. */
function firstDate(offset: number, matches: (date: string) => boolean): string {
  const today = calendarDay(londonToday());
  for (let day = offset; day <= 30; day += 1) {
    const date = toIsoDate(addDays(today, day));
    if (matches(date)) return date;
  }
  throw new Error("No such date in the booking window.");
}

/** A weekday far enough ahead that all its slots are still bookable (after `after`, if given). */
const nextWeekday = (after = "") => firstDate(2, (date) => !isWeekendDate(date) && date > after);
const nextWeekend = () => firstDate(0, isWeekendDate);

function bookingForm(page: Page) {
  return page.getByRole("form", { name: "Schedule Your Consultation" });
}

async function openBookingPage(page: Page, query = "") {
  await page.goto(`/consultation${query}`);
  return bookingForm(page);
}

async function fillDetails(page: Page, details: { name: string; email: string; message?: string }) {
  const form = bookingForm(page);
  await form.getByRole("textbox", { name: "Your name" }).fill(details.name);
  await form.getByRole("textbox", { name: "Email address" }).fill(details.email);
  if (details.message) await form.getByRole("textbox", { name: "Additional message" }).fill(details.message);
}

/** Clicks a date in the calendar (yyyy-MM-dd), moving to the next month when needed. */
async function pickDate(page: Page, date: string) {
  const form = bookingForm(page);
  const day = form.getByRole("button", { name: new RegExp(`(^|, )${formatWeekdayDate(date)}(,|$)`) });
  // The calendar loads once the page is interactive (a placeholder holds its place until then).
  await form.getByRole("grid").first().waitFor();
  if (!(await day.isVisible())) await form.getByRole("button", { name: /next month/i }).click();
  await day.click();
}

function timeSlots(page: Page) {
  return bookingForm(page).getByRole("group", { name: "Select a time" }).getByRole("button");
}

test.describe("consultation booking", () => {
  test("shows the booking screen with the spec's copy @mobile", { tag: ONE_INSTANCE }, async ({ page }) => {
    const form = await openBookingPage(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Book Your Hair Consultation" })).toBeVisible();
    await expect(main.getByText("consultations from £50", { exact: true })).toBeVisible();
    for (const point of ["Convenient online booking", "Certified & trusted consultants", "5,000+ happy clients"]) {
      await expect(main.getByText(point, { exact: true })).toBeVisible();
    }
    await expect(form.getByRole("heading", { name: "Schedule Your Consultation" })).toBeVisible();
    await expect(form.getByRole("radio", { name: "Hair consultation — £50.00" })).toBeChecked();
    await expect(form.getByRole("radio", { name: "Same-day doctor consultation — £95.00" })).not.toBeChecked();
    await expect(form.getByText("Schedule date", { exact: true })).toBeVisible();
    await expect(form.getByRole("group", { name: "Select a time" })).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Book appointment" })).toBeDisabled();
    await expect(page).toHaveTitle(/Book a Hair Consultation/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(width, "no horizontal scroll").toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test("explains that weekends cannot be booked, then hides the warning", { tag: ONE_INSTANCE }, async ({ page }) => {
    const form = await openBookingPage(page);
    await pickDate(page, nextWeekend());
    const warning = form.getByText(WEEKEND_MESSAGE);
    await expect(warning).toBeVisible();
    await expect(form.getByRole("group", { name: "Select a time" })).toHaveCount(0);
    await expectAccessible(page);
    await expect(warning).toBeHidden({ timeout: 5_000 });
    await expect(form.getByRole("button", { name: "Book appointment" })).toBeDisabled();
  });

  test("shows a weekday's free times and enables booking once the form is complete @mobile", { tag: ONE_INSTANCE }, async ({ page }) => {
    const form = await openBookingPage(page);
    await fillDetails(page, { name: "Alex Morgan", email: "alex.morgan@example.com" });
    await expect(form.getByRole("button", { name: "Book appointment" })).toBeDisabled();
    const date = nextWeekday();
    await pickDate(page, date);
    await expect(timeSlots(page).first()).toBeVisible();
    const first = timeSlots(page).first();
    await first.click();
    await expect(first).toHaveAttribute("aria-pressed", "true");
    await expect(form.getByRole("button", { name: "Book appointment" })).toBeEnabled();
    await expectAccessible(page);
    await shoot(page, "consultation", "time-chosen");

    // Another date clears the chosen time.
    await pickDate(page, nextWeekday(date));
    await expect(timeSlots(page).first()).toBeVisible();
    await expect(bookingForm(page).locator("[aria-pressed=true]")).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Book appointment" })).toBeDisabled();
  });

  test("back from a cancelled checkout: says so and cleans the address bar", { tag: ONE_INSTANCE }, async ({ page }) => {
    const release = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/release"));
    await openBookingPage(page, `?checkout=cancelled&booking=${crypto.randomUUID()}`);
    await release;
    await expect(page.getByRole("status").filter({ hasText: CHECKOUT_CANCELLED })).toBeVisible();
    await expect(page).toHaveURL(/\/consultation$/);
    await expectAccessible(page);
  });
});

async function signIn(page: Page, user: TestUser) {
  await page.goto("/login");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email" }).fill(user.email);
  await main.getByLabel("Password", { exact: true }).fill(user.password);
  await main.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** The radio itself sits under its card; a patient clicks the card's label. */
async function chooseType(page: Page, type: string) {
  const form = bookingForm(page);
  await form.getByText(type, { exact: true }).click();
  await expect(form.getByRole("radio", { name: type })).toBeChecked();
}

/** Fills the form for a weekday and its first free time; returns the date and time chosen. */
async function chooseSlot(page: Page, date: string, type?: string) {
  if (type) await chooseType(page, type);
  await pickDate(page, date);
  const slot = timeSlots(page).first();
  await expect(slot).toBeVisible();
  const time = (await slot.textContent())!.trim();
  await slot.click();
  return { date, time };
}

test.describe("paying for a consultation (local payment sandbox)", () => {
  test("book a weekday slot, pay, see the confirmation and the booking in the dashboard, then cancel it", async ({ page }) => {
    const user = await createUser({ name: "Jordan Lee" });
    await signIn(page, user);
    const form = await openBookingPage(page);
    await fillDetails(page, { name: user.name, email: user.email, message: "Thinning at the temples for a year." });
    const { date, time } = await chooseSlot(page, nextWeekday(nextWeekday()));
    await form.getByRole("button", { name: "Book appointment" }).click();

    // The sandbox's hosted checkout page, as Stripe's would be.
    await page.waitForURL(/\/pay\/cs_test_/);
    await expect(page.getByText("Test payment sandbox — no real money is taken")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Pay £50.00" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Pay £50.00" }).click();

    await page.waitForURL(/\/consultation\/confirmation\?session_id=cs_test_/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Your consultation is booked" })).toBeVisible();
    await expect(main.getByText(formatWeekdayDate(date), { exact: true })).toBeVisible();
    await expect(main.getByText(time, { exact: true })).toBeVisible();
    await expect(main.getByText("Confirmed", { exact: true })).toBeVisible();
    await expectAccessible(page);

    await main.getByRole("link", { name: "View my bookings" }).click();
    await page.waitForURL(/\/dashboard\/orders$/);
    const bookings = page.getByRole("region", { name: "Consultations" });
    await expect(bookings.getByText(formatWeekdayDate(date), { exact: true })).toBeVisible();
    await expect(bookings.getByText("Confirmed", { exact: true })).toBeVisible();
    await expectAccessible(page);

    await waitForHydratedDashboard(page);
    page.once("dialog", (dialog) => dialog.accept());
    await bookings.getByRole("button", { name: /^Cancel appointment HC-/ }).click();
    await expect(bookings.getByText("Your appointment is cancelled and your payment will be refunded in full.")).toBeVisible();
    await expect(bookings.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(bookings.getByRole("button", { name: /^Cancel appointment/ })).toHaveCount(0);
  });

  test("cancel on the checkout page: back on the form with a message, and the time is free again", async ({ page }) => {
    const form = await openBookingPage(page);
    await fillDetails(page, { name: "Casey Brown", email: "casey.brown@example.com" });
    // The doctor consultation has one place per slot: the hold must be released for it to show again.
    const { date, time } = await chooseSlot(page, nextWeekday(nextWeekday(nextWeekday())), "Same-day doctor consultation — £95.00");
    await form.getByRole("button", { name: "Book appointment" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await expect(page.getByRole("heading", { level: 1, name: "Pay £95.00" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel and return" }).click();

    await page.waitForURL(/\/consultation(\?|$)/);
    await expect(page.getByRole("status").filter({ hasText: CHECKOUT_CANCELLED })).toBeVisible();
    await expect(page).toHaveURL(/\/consultation$/);
    await waitForHydratedForm(page);
    await chooseType(page, "Same-day doctor consultation — £95.00");
    await pickDate(page, date);
    await expect(timeSlots(page).filter({ hasText: time }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test("a declined card stays on the checkout page with the provider's message", async ({ page }) => {
    const form = await openBookingPage(page);
    await fillDetails(page, { name: "Morgan Reid", email: "morgan.reid@example.com" });
    await chooseSlot(page, nextWeekday());
    await form.getByRole("button", { name: "Book appointment" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole("textbox", { name: /card number/i }).fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay £50.00" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Your card was declined\./);
    await expect(page).toHaveURL(/\/pay\/cs_test_/);
    await expectAccessible(page);
    // Give the place back, as a patient giving up would: holds per person and per address are
    // capped, and every browser test comes from this machine's address.
    await page.getByRole("button", { name: "Cancel and return" }).click();
    await expect(page.getByRole("status").filter({ hasText: CHECKOUT_CANCELLED })).toBeVisible();
  });
});

/** The Orders page's cancel buttons work only once React has hydrated them. */
async function waitForHydratedDashboard(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector("main li button");
    return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}
