import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible } from "./fixtures";
import type { Scan } from "./screenshots";
import { createUser, enterSecondFactor, makeStaff, waitForHydratedForm, type TestUser } from "./users";

// Steps several journeys share: signing in through the form, and passing an assessment.

/** The login form's first step: email and password, from /login?next=… . */
export async function passwordStep(page: Page, user: { email: string; password: string }, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await waitForHydratedForm(page);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email" }).fill(user.email);
  await main.getByLabel("Password", { exact: true }).fill(user.password);
  await main.getByRole("button", { name: "Log in" }).click();
}

export async function logIn(page: Page, user: TestUser, next: string) {
  await passwordStep(page, user, next);
  await enterSecondFactor(page, user);
  await page.waitForURL((url) => url.pathname === next);
}

/** Answers the current assessment step and presses Next (or Submit), waiting for the draft to load first. */
export async function answer(page: Page, step: number, choose: { option?: string; text?: { label: string; value: string } }, button = "Next") {
  await expect(page).toHaveURL(new RegExp(`/quiz/${step}$`));
  const form = page.getByRole("main").locator("form");
  await expect(form.getByRole("button", { name: button })).toBeEnabled();
  if (choose.option) await form.getByRole("radio", { name: choose.option, exact: true }).check();
  if (choose.text) await form.getByRole("textbox", { name: choose.text.label }).fill(choose.text.value);
  await form.getByRole("button", { name: button }).click();
}

/** The minoxidil assessment for a man, passed, from its first step. */
export async function passMinoxidil(page: Page, { scan = false } = {}) {
  await answer(page, 1, { option: "Male" });
  await answer(page, 3, { text: { label: "What is your date of birth?", value: "1985-06-15" } });
  if (scan) await expectAccessible(page);
  await answer(page, 4, { option: "Gradual thinning on the top or crown of my head, or a receding hairline" });
  await answer(page, 5, { option: "No" });
  await answer(page, 6, { option: "No" });
  await answer(page, 7, { option: "No" });
  await answer(page, 8, { option: "I understand" }, "Submit");
  await expect(page).toHaveURL(/\/minoxidil\/results$/);
}

export async function makePharmacist(name: string): Promise<TestUser> {
  return makeStaff(await createUser({ name }), "PHARMACIST");
}

/** A member of staff in their own browser session (the loader seen, cookies chosen), signed in at `next`. */
export async function staffPage(browser: Browser, baseURL: string | undefined, user: TestUser, next: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: "cookie_consent", value: "rejected", url: baseURL ?? "http://127.0.0.1:3210" }]);
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem("loader-shown", "1"));
  await logIn(page, user, next);
  return page;
}

/** A pharmacist in their own browser session, signed in at the orders queue. */
export async function pharmacistPage(browser: Browser, baseURL: string | undefined, name: string): Promise<Page> {
  return staffPage(browser, baseURL, await makePharmacist(name), "/staff/orders");
}

/**
 * Opens a staff queue narrowed to one case through its "Find by reference" form. The e2e suite
 * shares its database with the integration tests, whose open cases come first in the queues
 * (oldest first, 50 a page) and can push a journey's new case past the first page.
 */
export async function findInQueue(staff: Page, path: "/staff/prescriptions" | "/staff/orders" | "/staff/check-ins", reference: string) {
  await staff.goto(path);
  const search = staff.getByRole("main").getByRole("search", { name: "Find by reference" });
  await search.getByRole("textbox", { name: /^Reference/ }).fill(reference);
  await search.getByRole("button", { name: "Find" }).click();
  await expect(staff).toHaveURL(new RegExp(`${path}\\?reference=${reference}$`));
  await expect(staff.getByRole("main").getByText(`Showing ${reference} only.`)).toBeVisible();
}

/** The pharmacist opens the order from the queue and claims it ("Review this order"). */
export async function reviewOrder(staff: Page, reference: string) {
  await findInQueue(staff, "/staff/orders", reference);
  await staff.getByRole("main").getByRole("link", { name: reference }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await waitForHydratedForm(staff);
  await staff.getByRole("button", { name: "Review this order" }).click();
  await expect(staff.getByText("You are reviewing this order.")).toBeVisible();
}

/**
 * A prescriber opens the order from their list of orders waiting for a prescriber, claims it
 * and prescribes its prescription-only medicine: the claim goes back for a pharmacist.
 */
export async function prescribeOrder(prescriber: Page, reference: string, directions: string, scan: Scan) {
  await findInQueue(prescriber, "/staff/orders", reference);
  const waiting = prescriber.getByRole("main").getByRole("region", { name: /^Waiting for a prescriber/ });
  await expect(waiting).toContainText("within 24 hours");
  await expect(waiting.getByRole("listitem").filter({ hasText: reference })).toContainText("Waiting for a prescriber");
  await scan(prescriber, "prescriber-orders");
  await waiting.getByRole("link", { name: reference }).click();
  await expect(prescriber.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await waitForHydratedForm(prescriber);
  await prescriber.getByRole("button", { name: "Review this order" }).click();
  await expect(prescriber.getByText("You are reviewing this order.")).toBeVisible();
  // The prescriber sees the same checks; only their own authorisation is still missing.
  await expect(prescriber.getByRole("main").getByRole("region", { name: "Before supply" })).toContainText("Waiting for a prescriber.");
  await expect(prescriber.getByRole("button", { name: "Dispense" })).toHaveCount(0);
  await prescriber.getByRole("textbox", { name: "Directions or a note for the pharmacist (optional)" }).fill(directions);
  await scan(prescriber, "prescriber-order-claimed");
  await prescriber.getByRole("button", { name: "Prescribe", exact: true }).click();
  await expect(prescriber.getByText("Prescribed: waiting for a pharmacist to dispense it.")).toBeVisible();
  await scan(prescriber, "prescriber-order-prescribed");
}

/** The claimed order, every supply check met, is dispensed: the dispatch form follows. */
export async function dispenseOrder(staff: Page) {
  await expect(staff.getByRole("button", { name: "Dispense" })).toBeEnabled();
  await staff.getByRole("button", { name: "Dispense" }).click();
  await expect(staff.getByRole("textbox", { name: "Tracking reference" })).toBeVisible();
}
