import type { Page } from "@playwright/test";
import { addDays } from "date-fns";
import { calendarDay, isWeekendDate, londonToday, longDateLabel, toIsoDate } from "../lib/booking/schedule";
import { expect, expectAccessible, test } from "./support/fixtures";

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
  const day = form.getByRole("button", { name: new RegExp(`(^|, )${longDateLabel(date)}(,|$)`) });
  if (!(await day.isVisible())) await form.getByRole("button", { name: /next month/i }).click();
  await day.click();
}

function timeSlots(page: Page) {
  return bookingForm(page).getByRole("group", { name: "Select a time" }).getByRole("button");
}

test.describe("consultation booking", () => {
  test("shows the booking screen with the spec's copy @mobile", async ({ page }) => {
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

  test("explains that weekends cannot be booked, then hides the warning", async ({ page }) => {
    const form = await openBookingPage(page);
    await pickDate(page, nextWeekend());
    const warning = form.getByText(WEEKEND_MESSAGE);
    await expect(warning).toBeVisible();
    await expect(form.getByRole("group", { name: "Select a time" })).toHaveCount(0);
    await expectAccessible(page);
    await expect(warning).toBeHidden({ timeout: 5_000 });
    await expect(form.getByRole("button", { name: "Book appointment" })).toBeDisabled();
  });

  test("shows a weekday's free times and enables booking once the form is complete @mobile", async ({ page }) => {
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

    // Another date clears the chosen time.
    await pickDate(page, nextWeekday(date));
    await expect(timeSlots(page).first()).toBeVisible();
    await expect(bookingForm(page).locator("[aria-pressed=true]")).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Book appointment" })).toBeDisabled();
  });

  test("back from a cancelled checkout: says so and cleans the address bar", async ({ page }) => {
    const release = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/release"));
    await openBookingPage(page, `?checkout=cancelled&booking=${crypto.randomUUID()}`);
    await release;
    await expect(page.getByRole("status").filter({ hasText: CHECKOUT_CANCELLED })).toBeVisible();
    await expect(page).toHaveURL(/\/consultation$/);
    await expectAccessible(page);
  });
});
