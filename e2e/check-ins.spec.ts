import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { query } from "./support/db";
import { expect, expectAccessible, test } from "./support/fixtures";
import { logIn, pharmacistPage } from "./support/journeys";
import { shoot } from "./support/screenshots";
import { createUser, makeStaff } from "./support/users";

// Every repeat supply is reviewed (issue 23): a Mounjaro subscriber's first renewal waits for
// their check-in; a prescriber approves it; the renewal is charged and its order reaches the
// pharmacist, showing the check-in that allowed it.

const shot = (page: Page, name: string) => shoot(page, "check-ins", name);
const mounjaroPath = (JSON.parse(readFileSync("tests/fixtures/assessment-answers.json", "utf8")) as Record<string, Record<string, { choice?: string; text?: string }>>).mounjaro ?? {};

/** The passed Mounjaro assessment through the API (the quiz has its own spec), then /api/subscribe: the checkout's URL. */
async function assessAndSubscribe(page: Page): Promise<string> {
  const [plan] = await query<{ id: string }>("SELECT id FROM plans WHERE slug = 'mounjaro-1-month'", []);
  const answer = await page.evaluate(
    async ({ id, path, planId }) => {
      await fetch("/sanctum/csrf-cookie", { credentials: "same-origin" });
      const xsrf = decodeURIComponent(document.cookie.split("; ").find((c) => c.startsWith("XSRF-TOKEN="))?.split("=")[1] ?? "");
      const send = (url: string, method: string, body: unknown) => fetch(url, { method, headers: { "content-type": "application/json", "x-xsrf-token": xsrf }, body: JSON.stringify(body) });
      for (const [step, given] of Object.entries(path)) {
        const res = await send(`/api/questionnaires/${id}/steps/${step}`, "PUT", { definition: "mounjaro", choice: given.choice ?? null, text: given.text ?? "" });
        if (res.status !== 200) return { error: `step ${step}: ${res.status}` };
      }
      const submitted = await send(`/api/questionnaires/${id}/submit`, "POST", {});
      if (submitted.status !== 200) return { error: `submit: ${submitted.status}` };
      return (await (await send("/api/subscribe", "POST", { plan_id: planId })).json()) as { url?: string; error?: string };
    },
    { id: crypto.randomUUID(), path: mounjaroPath, planId: plan!.id },
  );
  expect(answer.error).toBeUndefined();
  return answer.url!;
}

test("a Mounjaro subscriber's first renewal check-in, the prescriber's approval, and the pharmacist's order showing it", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const patient = await createUser({ name: "Morgan Reid" });
  await logIn(page, patient, "/dashboard");
  const checkoutUrl = await assessAndSubscribe(page);
  // The sandbox's hosted page has none of the site's header, which the fixture's goto waits for.
  await page.evaluate((url) => window.location.assign(url), checkoutUrl);
  await page.waitForURL(/\/pay\/cs_/);
  await page.getByRole("textbox", { name: "Full name" }).fill("Morgan Reid");
  await page.getByRole("textbox", { name: "Address line 1" }).fill("12 Station Road");
  await page.getByRole("textbox", { name: "Town or city" }).fill("Leeds");
  await page.getByRole("textbox", { name: "Postcode" }).fill("LS1 4AP");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions\?session_id=cs_/);
  const main = page.getByRole("main");
  await expect(main.getByRole("table")).toContainText(/Waiting for your check-in: complete it before \d{1,2} [A-Z][a-z]+ \d{4}/);
  await expect(main.getByRole("table").getByRole("button", { name: /^Pause subscription/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, "subscription-waiting");

  // The dashboard's task leads to the check-in.
  await page.goto("/dashboard");
  await expect(main.getByRole("heading", { level: 3, name: /^Complete your check-in before / })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "dashboard-task");
  await main.getByRole("link", { name: /^Complete your check-in/ }).click();
  await expect(main.getByRole("heading", { level: 1, name: "Your check-in" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Send my check-in" })).toBeEnabled();
  await page.waitForFunction(() => Object.keys(document.querySelector("main form button") ?? {}).some((key) => key.startsWith("__reactProps")));

  // Nothing answered: each question says what to do.
  await main.getByRole("button", { name: "Send my check-in" }).click();
  await expect(main.getByText("Enter your weight in kilograms, for example 92.4.")).toBeVisible();
  await expect(main.getByText("Choose whether you want to continue your treatment.")).toBeVisible();
  await expectAccessible(page);
  await shot(page, "form-errors");

  await main.getByRole("textbox", { name: "Your weight today (kg)" }).fill("96.8");
  await main.getByRole("group", { name: "Side effects since your last supply" }).getByRole("radio", { name: "None" }).check();
  await main.getByRole("group", { name: /New medical conditions or medicines/ }).getByRole("radio", { name: "None" }).check();
  await main.getByRole("radio", { name: "Yes, continue" }).check();
  await main.getByRole("button", { name: "Send my check-in" }).click();
  await expect(main.getByRole("heading", { level: 2, name: "Check-in sent" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "sent");

  const [checkIn] = await query<{ reference: string; stripe_subscription_id: string }>(
    "SELECT c.reference, s.stripe_subscription_id FROM check_ins c JOIN subscriptions s ON s.id = c.subscription_id JOIN users u ON u.id = c.user_id WHERE u.email = $1",
    [patient.email.toLowerCase()],
  );

  // The prescriber claims and approves it.
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: "cookie_consent", value: "rejected", url: baseURL ?? "http://127.0.0.1:3210" }]);
  const staff = await context.newPage();
  await staff.addInitScript(() => sessionStorage.setItem("loader-shown", "1"));
  await logIn(staff, await makeStaff(await createUser({ name: "Dr Alex Moore" }), "PRESCRIBER"), "/staff/check-ins");
  await expect(staff.getByRole("main").getByRole("link", { name: checkIn!.reference })).toBeVisible();
  await expectAccessible(staff);
  await shot(staff, "staff-queue");
  await staff.getByRole("main").getByRole("link", { name: checkIn!.reference }).click();
  const staffMain = staff.getByRole("main");
  await expect(staffMain.getByRole("heading", { level: 1, name: `Check-in ${checkIn!.reference}` })).toBeVisible();
  await expect(staffMain.getByRole("region", { name: "Answers" })).toContainText("96.8 kg");
  await staffMain.getByRole("button", { name: "Claim this check-in" }).click();
  await expect(staffMain.getByRole("button", { name: "Approve" })).toBeVisible();
  await expectAccessible(staff);
  await shot(staff, "staff-case");
  await staffMain.getByRole("button", { name: "Approve" }).click();
  await expect(staffMain.getByRole("region", { name: "Decision" })).toContainText("Approved by Dr Alex Moore");
  await expectAccessible(staff);
  await shot(staff, "staff-approved");
  await context.close();

  // The renewal date comes (the sandbox's clock is moved on): charged, and the order follows.
  const renewed = await page.request.post(`${new URL(checkoutUrl).origin}/__sandbox/subscriptions/${checkIn!.stripe_subscription_id}/renew`);
  expect(renewed.status()).toBe(200);
  expect((await renewed.json()).events).toContain("invoice.paid");
  await expect
    .poll(async () => (await query<{ reference: string }>("SELECT o.reference FROM orders o JOIN check_ins c ON c.id = o.check_in_id WHERE c.reference = $1", [checkIn!.reference]))[0]?.reference ?? null)
    .not.toBeNull();
  const [order] = await query<{ reference: string }>("SELECT o.reference FROM orders o JOIN check_ins c ON c.id = o.check_in_id WHERE c.reference = $1", [checkIn!.reference]);

  const pharmacist = await pharmacistPage(browser, baseURL, "Sam Dispenser");
  await pharmacist.getByRole("link", { name: order!.reference }).click();
  const region = pharmacist.getByRole("region", { name: `Renewal check-in ${checkIn!.reference}` });
  await expect(region).toContainText("approved by Dr Alex Moore");
  await expect(region).toContainText("96.8 kg");
  await expectAccessible(pharmacist);
  await shoot(pharmacist, "check-ins", "pharmacist-order");
  await pharmacist.context().close();
});
