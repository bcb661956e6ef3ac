import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { scanInto } from "./support/screenshots";
import { dispenseOrder, logIn, pharmacistPage, reviewOrder } from "./support/journeys";
import { passMounjaroAssessment } from "./support/mounjaro";
import { meetSupplyChecks } from "./support/supply";
import { createUser, waitForHydratedForm } from "./support/users";
import { expectWeightPhoto, recordVerifiedWeight, sendWeightPhoto } from "./support/weight";

// Weight-loss medicines (issue 23): a paid Mounjaro order waits until the pharmacist has
// recorded a verified weight. The patient sends a full-length photo on scales from their order
// page; the pharmacist sees it, records the weight, and only then may dispense.

const check = scanInto("weight");

/** The Mounjaro assessment passed with a self-reported BMI of 30.0 (180 cm, 97.2 kg), the GP step answered, then a month of it bought and paid in the sandbox. */
async function buyMounjaro(page: Page): Promise<string> {
  await passMounjaroAssessment(page, { dateOfBirth: "1980-02-10", gp: { practice: "Station Road Surgery", consent: "yes" } });
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

    await sendWeightPhoto(page, reference, check);

    const staff = await pharmacistPage(browser, baseURL, "Lee Chemist");
    await reviewOrder(staff, reference);
    await expect(staff.getByRole("button", { name: "Dispense" })).toBeDisabled();
    await expect(staff.getByText("No verified weight yet: the patient has sent a photo — record the verified weight.").first()).toBeVisible();
    await expectWeightPhoto(staff);
    await check(staff, "staff-order-before");

    await recordVerifiedWeight(staff, { weightKg: "101.5", note: "Scales legible, date matches." });
    await expect(staff.getByRole("region", { name: "Weight verification" }).getByText(/101\.5 kg, BMI 31\.3 \(height 180\.0 cm\): meets the BMI rule/)).toBeVisible();
    const checks = staff.getByRole("region", { name: "Before supply" });
    await expect(checks).toContainText("Verified BMI 31.3 meets the rule for Mounjaro");
    await check(staff, "staff-order-verified");
    await dispenseOrder(staff);
    await staff.context().close();

    await page.goto(`/dashboard/orders/${reference}`);
    await expect(page.getByRole("main")).toContainText("Our pharmacist has verified your weight for this order.");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Send your weight verification photo" })).toHaveCount(0);
  });
});
