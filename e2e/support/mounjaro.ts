import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { answerGpStep, type GpAnswer } from "./gp-step";
import { answer } from "./journeys";
import type { Scan } from "./screenshots";

// The Mounjaro assessment in the browser, and a subscription to one of its plans through the
// payment sandbox's hosted Checkout page.

export type DeliveryAddress = { name: string; line1: string; city: string; postcode: string };

/**
 * From /mounjaro/quiz/1 to the eligible results: a man with a self-reported BMI of 30.0
 * (180 cm, 97.2 kg) and no stop answers, then the GP step the results ask for before the
 * plans (Mounjaro needs GP consent handled). `scan` names the first step quiz-date-of-birth,
 * the measurements quiz-measurements, the results results and the answered GP step results-gp.
 */
export async function passMounjaroAssessment(page: Page, { dateOfBirth, gp }: { dateOfBirth: string; gp: GpAnswer }, scan?: Scan) {
  await page.goto("/mounjaro/quiz/1");
  await expect(page.getByRole("main").locator("form").getByRole("button", { name: "Next" })).toBeEnabled();
  await scan?.(page, "quiz-date-of-birth");
  await answer(page, 1, { text: { label: "What is your date of birth?", value: dateOfBirth } });
  await answer(page, 2, { option: "Male" });
  await expect(page).toHaveURL(/\/mounjaro\/quiz\/4$/);
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  await page.getByRole("textbox", { name: "Height (cm)" }).fill("180");
  await page.getByRole("textbox", { name: "Weight (kg)" }).fill("97.2");
  await scan?.(page, "quiz-measurements");
  await page.getByRole("button", { name: "Next" }).click();
  for (const step of [6, 7, 8, 9]) await answer(page, step, { option: "No" });
  await answer(page, 10, { option: "I understand" }, "Submit");
  await expect(page).toHaveURL(/\/mounjaro\/results$/);
  await expect(page.getByRole("heading", { level: 2, name: /may be suitable for you$/ })).toBeVisible();
  await scan?.(page, "results");
  await answerGpStep(page, gp);
  await scan?.(page, "results-gp");
}

/**
 * On the sandbox's hosted Checkout page of a subscription: the delivery address, then
 * "Subscribe". Returns the sandbox's origin (where its test controls live).
 */
export async function subscribeOnCheckoutPage(page: Page, address: DeliveryAddress, scan?: Scan): Promise<string> {
  await page.waitForURL(/\/pay\/cs_/);
  await page.getByRole("textbox", { name: "Full name" }).fill(address.name);
  await page.getByRole("textbox", { name: "Address line 1" }).fill(address.line1);
  await page.getByRole("textbox", { name: "Town or city" }).fill(address.city);
  await page.getByRole("textbox", { name: "Postcode" }).fill(address.postcode);
  await scan?.(page, "checkout");
  const sandbox = new URL(page.url()).origin;
  await page.getByRole("button", { name: "Subscribe" }).click();
  return sandbox;
}
