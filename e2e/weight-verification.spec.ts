import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, test } from "./support/fixtures";
import { shoot } from "./support/screenshots";
import { answerGpStep } from "./support/gp-step";
import { answer, logIn, pharmacistPage } from "./support/journeys";
import { meetSupplyChecks } from "./support/supply";
import { createUser, waitForHydratedForm } from "./support/users";

// Weight-loss medicines (issue 23): a paid Mounjaro order waits until the pharmacist has
// recorded a verified weight. The patient sends a full-length photo on scales from their order
// page; the pharmacist sees it, records the weight, and only then may dispense.

const shot = (page: Page, name: string) => shoot(page, "weight", name);

/** The Mounjaro assessment passed with a self-reported BMI of 30.0 (180 cm, 97.2 kg), the GP step answered, then a month of it bought and paid in the sandbox. */
async function buyMounjaro(page: Page): Promise<string> {
  await page.goto("/mounjaro/quiz/1");
  await answer(page, 1, { text: { label: "What is your date of birth?", value: "1980-02-10" } });
  await answer(page, 2, { option: "Male" });
  await expect(page).toHaveURL(/\/mounjaro\/quiz\/4$/);
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  await page.getByRole("textbox", { name: "Height (cm)" }).fill("180");
  await page.getByRole("textbox", { name: "Weight (kg)" }).fill("97.2");
  await page.getByRole("button", { name: "Next" }).click();
  for (const step of [6, 7, 8, 9]) await answer(page, step, { option: "No" });
  await answer(page, 10, { option: "I understand" }, "Submit");
  await expect(page).toHaveURL(/\/mounjaro\/results$/);
  // Mounjaro's plans wait for the GP step (e2e/assessment-gp-step.spec.ts walks it).
  await answerGpStep(page, { practice: "Station Road Surgery", consent: "yes" });
  const main = page.getByRole("main");
  await main.getByRole("button", { name: /Choose plan Mounjaro 1 month/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydratedForm(page);
  await main.getByRole("textbox", { name: "Full name" }).fill("Jo Baker");
  await main.getByRole("textbox", { name: "Address line 1" }).fill("4 Mill Lane");
  await main.getByRole("textbox", { name: "Town or city" }).fill("Bristol");
  await main.getByRole("textbox", { name: "Postcode" }).fill("BS1 4DJ");
  await main.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Pay £/ })).toBeVisible();
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  const text = await page.getByText(/Order OR-[A-Z0-9]{6} is paid/).textContent();
  return /OR-[A-Z0-9]{6}/.exec(text ?? "")![0];
}

test.describe("verified weight for a weight-loss medicine", () => {
  test("the patient sends a scales photo, the pharmacist records the verified weight, and only then may dispense", async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const patient = await createUser({ name: "Jo Baker" });
    await logIn(page, patient, "/dashboard");
    const reference = await buyMounjaro(page);
    await meetSupplyChecks(patient, { reference, dateOfBirth: "1980-02-10" }, { except: ["weight"] });

    await page.goto("/dashboard");
    const task = page.getByRole("region", { name: "Tasks" });
    await expect(task.getByRole("heading", { name: "Send your weight verification photo" })).toBeVisible();
    await expectAccessible(page);
    await shot(page, "dashboard-task");
    await task.getByRole("link", { name: `Send your photo for order ${reference}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
    await waitForHydratedForm(page);
    const form = page.getByRole("form", { name: "Send your weight verification photo" });
    await expect(form).toContainText("today's date handwritten");
    // Nothing chosen: the form says what to do, at the field.
    await form.getByRole("button", { name: "Send photo" }).click();
    await expect(form.getByText("Choose your photo to send.", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, "order-weight-step");
    const jpeg = await sharp({ create: { width: 600, height: 1200, channels: 3, background: "#8aa" } }).jpeg().toBuffer();
    await form.getByLabel("Your photo").setInputFiles({ name: "on my scales.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await form.getByRole("button", { name: "Send photo" }).click();
    await expect(page.getByText("Thank you. Your photo has been sent to our pharmacist.")).toBeVisible();
    await expect(page.getByRole("note").filter({ hasText: "You sent a photo on" })).toBeVisible();
    await expectAccessible(page);
    await shot(page, "order-photo-sent");

    const staff = await pharmacistPage(browser, baseURL, "Lee Chemist");
    await staff.getByRole("link", { name: reference }).click();
    await expect(staff.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
    await waitForHydratedForm(staff);
    await staff.getByRole("button", { name: "Review this order" }).click();
    await expect(staff.getByText("You are reviewing this order.")).toBeVisible();
    await expect(staff.getByRole("button", { name: "Dispense" })).toBeDisabled();
    await expect(staff.getByText("No verified weight yet: the patient has sent a photo — record the verified weight.").first()).toBeVisible();
    const weight = staff.getByRole("region", { name: "Weight verification" });
    const photo = weight.getByRole("img", { name: /Weight verification photo 1/ });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    await expectAccessible(staff);
    await shot(staff, "staff-order-before");

    await waitForHydratedForm(staff);
    await weight.getByRole("textbox", { name: "Verified weight (kg)" }).fill("101.5");
    await expect(weight.getByRole("radio", { name: /Photo on scales/ })).toBeChecked();
    await weight.getByRole("textbox", { name: /Note/ }).fill("Scales legible, date matches.");
    await weight.getByRole("button", { name: "Record verified weight" }).click();
    await expect(weight.getByText(/101\.5 kg, BMI 31\.3 \(height 180\.0 cm\): meets the BMI rule/)).toBeVisible();
    const checks = staff.getByRole("region", { name: "Before supply" });
    await expect(checks).toContainText("Verified BMI 31.3 meets the rule for Mounjaro");
    await expect(staff.getByRole("button", { name: "Dispense" })).toBeEnabled();
    await expectAccessible(staff);
    await shot(staff, "staff-order-verified");
    await staff.getByRole("button", { name: "Dispense" }).click();
    await expect(staff.getByRole("textbox", { name: "Tracking reference" })).toBeVisible();
    await staff.context().close();

    await page.goto(`/dashboard/orders/${reference}`);
    await expect(page.getByRole("main")).toContainText("Our pharmacist has verified your weight for this order.");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Send your weight verification photo" })).toHaveCount(0);
  });
});
