import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { answerGpStep } from "./support/gp-step";
import { answer, logIn } from "./support/journeys";
import { payForPrescription } from "./support/prescription-journey";
import { shoot } from "./support/screenshots";
import { createUser, waitForHydratedForm } from "./support/users";

// The questionnaires ask for the patient's GP (issue 23): Mounjaro's results ask before its
// plans are offered (yes or no), other prescription-only results and the prescription
// checkout offer it, folded away. A signed-in patient's answer is their account's GP.

const shot = (page: Page, name: string) => shoot(page, "gp-step", name);
const practiceName = (label: string) => `${label} Surgery ${randomInt(10_000, 99_999)}`;

/** The Mounjaro assessment passed in the browser (BMI 30.0), landing on its results. */
async function passMounjaro(page: Page) {
  await page.goto("/mounjaro/quiz/1");
  await answer(page, 1, { text: { label: "What is your date of birth?", value: "1979-03-12" } });
  await answer(page, 2, { option: "Male" });
  await expect(page).toHaveURL(/\/mounjaro\/quiz\/4$/);
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  await page.getByRole("textbox", { name: "Height (cm)" }).fill("180");
  await page.getByRole("textbox", { name: "Weight (kg)" }).fill("97.2");
  await page.getByRole("button", { name: "Next" }).click();
  for (const step of [6, 7, 8, 9]) await answer(page, step, { option: "No" });
  await answer(page, 10, { option: "I understand" }, "Submit");
  await expect(page).toHaveURL(/\/mounjaro\/results$/);
}

test("Mounjaro: the plans wait for the GP step, a 'no' is an answer, and it is the account's GP", async ({ page }) => {
  test.setTimeout(120_000);
  const practice = practiceName("Willow");
  const patient = await createUser({ name: "Morgan Ellis" });
  await logIn(page, patient, "/dashboard");
  await passMounjaro(page);

  const main = page.getByRole("main");
  const section = main.getByRole("region", { name: "Your GP" });
  await expect(section).toContainText("Before you choose a plan, tell us who your GP is");
  await expect(main).toContainText("The plans appear here once you have answered the question about your GP.");
  await expect(main.getByRole("button", { name: /Choose plan/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, "mounjaro-results-gp-required");

  // Nothing filled in: each missing answer is said at its field.
  await waitForHydratedForm(page);
  const form = section.getByRole("form", { name: "Your GP practice" });
  await form.getByRole("button", { name: "Save GP details" }).click();
  await expect(form.getByText("Enter your GP practice's name.")).toBeVisible();
  await expect(form.getByText("Choose whether we may tell your GP about the medicines we supply.")).toBeVisible();
  await expectAccessible(page);
  await shot(page, "mounjaro-results-gp-errors");

  await answerGpStep(page, { practice, consent: "no" });
  await expect(main.getByRole("button", { name: /Choose plan Mounjaro 1 month/ })).toBeVisible();
  await expect(section.getByText("Change your GP details")).toBeVisible();
  await expectAccessible(page);
  await shot(page, "mounjaro-results-gp-answered");

  await page.goto("/dashboard/gp");
  await expect(main).toContainText(`You have not consented to us contacting ${practice}.`);
});

test("a guest's Mounjaro GP answer is kept with their assessment and opens the plans", async ({ page }) => {
  test.setTimeout(120_000);
  const practice = practiceName("Hazel");
  await passMounjaro(page);
  await answerGpStep(page, { practice, consent: "yes", email: "hazel.surgery@nhs.example" });
  await expect(page.getByRole("main").getByRole("button", { name: /Choose plan Mounjaro 1 month/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "guest-mounjaro-gp-answered");
});

test("the prescription checkout offers the GP step, optional and folded away, before paying", async ({ page }) => {
  test.setTimeout(150_000);
  const practice = practiceName("Rowan");
  const patient = await createUser({ name: "Casey Ward" });
  await logIn(page, patient, "/dashboard");
  await payForPrescription(page, {
    name: "Casey Ward",
    beforePay: async () => {
      const section = page.getByRole("main").getByRole("region", { name: "Your GP" });
      await expect(section).toContainText("Optional: with your consent we write to your GP");
      await expect(section.getByRole("form", { name: "Your GP practice" })).toBeHidden();
      await expectAccessible(page);
      await shot(page, "prescription-checkout-gp-optional");
      await answerGpStep(page, { practice, consent: "yes" }, { open: true });
      await expectAccessible(page);
      await shot(page, "prescription-checkout-gp-answered");
    },
  });
  await page.goto("/dashboard/gp");
  await expect(page.getByRole("main")).toContainText(`We write to ${practice} when we supply you a prescription medicine.`);
});
