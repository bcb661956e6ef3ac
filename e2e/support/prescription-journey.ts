import { randomInt } from "node:crypto";
import pg from "pg";
import shortPath from "../../tests/fixtures/prescription-answers.json";
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { findInQueue } from "./journeys";
import { createUser, makeStaff, type TestUser } from "./users";

// Steps the prescription-service journeys share: a prescriber with a registration, a second
// person on another device, and a patient who answers the questionnaire and pays.

/** A prescriber account (second factor enrolled) with a GMC registration, so they can issue. */
export async function makePrescriber(name = "Sam Patel"): Promise<TestUser> {
  const user = await makeStaff(await createUser({ name }), "PRESCRIBER");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("INSERT INTO staff_profiles (user_id, registration_body, registration_number, updated_at) VALUES ($1, 'GMC', $2, now() AT TIME ZONE 'UTC')", [
      user.id,
      String(randomInt(1_000_000, 10_000_000)),
    ]);
  } finally {
    await client.end();
  }
  return user;
}

/**
 * A second person on another device: a fresh browser context that has seen the loader, whose
 * page.goto waits for React to hydrate the header, as the fixture's page does.
 */
export async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => sessionStorage.setItem("loader-shown", "1"));
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => {
      const button = document.querySelector("header button[aria-controls]");
      return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
    });
    return response;
  };
  return page;
}

/**
 * The signed-in patient answers the questionnaire through the API (the browser journey has its
 * own spec), optionally ticks a plan at /prescription/checkout (and does `beforePay` there, e.g. the
 * optional GP step), and pays £19.99 in the sandbox.
 * Returns the request's reference, as the patient's Orders page lists it.
 */
export async function payForPrescription(page: Page, { name, plan, beforePay }: { name: string; plan?: RegExp; beforePay?: () => Promise<void> }): Promise<string> {
  const id = crypto.randomUUID();
  const path = { ...shortPath, 1: { choice: null, text: name } };
  await page.goto("/prescription/questionnaire/1");
  for (const [step, answer] of Object.entries(path)) {
    const status = await page.evaluate(
      async ({ id, step, answer }) => {
        await fetch("/sanctum/csrf-cookie", { credentials: "same-origin" });
        const xsrf = decodeURIComponent(document.cookie.split("; ").find((c) => c.startsWith("XSRF-TOKEN="))?.split("=")[1] ?? "");
        const res = await fetch(`/api/questionnaires/${id}/steps/${step}`, {
          method: "PUT",
          headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
          body: JSON.stringify({ definition: "prescription", ...answer }),
        });
        return res.status;
      },
      { id, step, answer },
    );
    expect(status, `step ${step}`).toBe(200);
  }
  await page.goto(`/prescription/checkout?questionnaireId=${id}`);
  if (plan) await page.getByRole("group", { name: "Choose Your Subscription (Optional)" }).getByRole("checkbox", { name: plan }).check();
  if (beforePay) await beforePay();
  await page.getByRole("button", { name: "Pay with Stripe" }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole("button", { name: "Pay £19.99" }).click();
  await expect(page.getByRole("dialog", { name: "Prescription Submitted" })).toBeVisible();
  await page.goto("/dashboard/orders");
  const heading = page.getByRole("main").getByRole("region", { name: "Prescription requests" }).getByRole("heading", { level: 3 }).first();
  return (await heading.textContent())!.replace("Prescription request ", "").trim();
}

/** The prescriber claims the request from the queue and issues the prescription written here. */
export async function issueFromQueue(staffPage: Page, reference: string, prescription: { medicine: string; dose: string; quantity: string; directions: string }) {
  await findInQueue(staffPage, "/staff/prescriptions", reference);
  const main = staffPage.getByRole("main");
  await main.getByRole("link", { name: reference }).first().click();
  await main.getByRole("button", { name: "Claim this case" }).click();
  const decision = main.getByRole("region", { name: "Decision" });
  await decision.getByRole("textbox", { name: "Medicine" }).fill(prescription.medicine);
  await decision.getByRole("textbox", { name: "Dose" }).fill(prescription.dose);
  await decision.getByRole("textbox", { name: "Quantity" }).fill(prescription.quantity);
  await decision.getByRole("textbox", { name: "Directions" }).fill(prescription.directions);
  await decision.getByRole("button", { name: "Issue prescription" }).click();
  await expect(main.getByRole("region", { name: "Review" })).toContainText(/issued/i);
}

/**
 * On a request page whose plan is ready (the prescription issued), the patient confirms the
 * plan and pays its first supply on the sandbox's hosted page, then lands on Subscriptions.
 * Returns the sandbox's origin (its test controls, e.g. /__sandbox/subscriptions/{id}/renew).
 */
export async function payForPlan(page: Page, { name, checkoutHeading = /^Subscribe: / }: { name: string; checkoutHeading?: RegExp }): Promise<string> {
  const plan = page.getByRole("main").getByRole("region", { name: /^Your plan: / });
  await plan.getByRole("button", { name: /Confirm and pay for your plan/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: checkoutHeading })).toBeVisible();
  const sandboxOrigin = new URL(page.url()).origin;
  await page.getByRole("textbox", { name: "Full name" }).fill(name);
  await page.getByRole("textbox", { name: "Address line 1" }).fill("12 Castle Street");
  await page.getByRole("textbox", { name: "Town or city" }).fill("Leeds");
  await page.getByRole("textbox", { name: "Postcode" }).fill("LS1 4AP");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions\?session_id=cs_/);
  await expect(page.getByRole("main").getByText("Thank you: your subscription has started.")).toBeVisible();
  return sandboxOrigin;
}
