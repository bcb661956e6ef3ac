import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, test } from "./support/fixtures";
import { ONE_INSTANCE } from "./support/tags";
import { createUser, type TestUser } from "./support/users";

// The prescription service journeys (spec sections 2, 4 and 5): the 20-step questionnaire,
// its endings, and paying in the local payment sandbox.

const THANK_YOU = "Thank you! A specialist will review your responses and issue your prescription within 24 hours.";

async function signIn(page: Page, user: TestUser, expectPath: RegExp) {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email" }).fill(user.email);
  await main.getByLabel("Password", { exact: true }).fill(user.password);
  await main.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(expectPath);
}

/** Opens step 1 signed out: the guard sends the visitor to /login and back to the step. */
async function startSignedIn(page: Page, user: TestUser) {
  await page.goto("/prescription/questionnaire/1");
  await expect(page).toHaveURL(/\/login\?next=%2Fprescription%2Fquestionnaire%2F1$/);
  await signIn(page, user, /\/prescription\/questionnaire\/1$/);
}

function question(page: Page) {
  return page.getByRole("main").getByRole("group").first();
}

/** Waits for a step and scans it with axe (every step of the journey is scanned). */
async function expectStep(page: Page, step: number, text: string) {
  await page.waitForURL(new RegExp(`/prescription/questionnaire/${step}$`));
  await expect(page.getByRole("main").getByText(`Step ${step} of 20`, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("main").locator("legend")).toHaveText(text);
  await expectAccessible(page);
}

async function next(page: Page) {
  await page.getByRole("button", { name: "Next" }).click();
}

async function choose(page: Page, option: string) {
  await question(page).getByRole("radio", { name: option, exact: true }).check();
}

/** A JPEG with a GPS EXIF block, as a phone camera writes it. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#a0785a" } })
    .jpeg()
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
}

test.describe("prescription questionnaire", () => {
  test("runs all 20 steps with a photo, pays in the sandbox and shows the submitted modal", async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createUser({ name: "Robin Hale" });
    await startSignedIn(page, user);

    await expectStep(page, 1, "Full Name");
    await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expectAccessible(page);
    await next(page);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please enter your full name.");
    await question(page).getByRole("textbox").fill("Robin Hale");
    await next(page);

    await expectStep(page, 2, "Date of Birth");
    await question(page).getByRole("textbox", { name: "Date of Birth" }).fill("1988-03-14");
    await next(page);

    await expectStep(page, 3, "Gender");
    await next(page);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please select an answer.");
    await expectAccessible(page);
    await choose(page, "Female");
    await next(page);

    await expectStep(page, 4, "Any health conditions?");
    await choose(page, "Yes");
    await next(page);
    await expectStep(page, 5, "Details of health conditions");
    await question(page).getByRole("textbox").fill("Mild eczema on the hands.");
    await next(page);

    await expectStep(page, 6, "Taking medications?");
    await choose(page, "No");
    await next(page);
    await expectStep(page, 7, "Allergic to medications?");
    await choose(page, "No");
    await next(page);

    await expectStep(page, 9, "Hair concerns");
    await expect(page.getByRole("heading", { name: "Hair & Scalp Assessment" })).toBeVisible();
    await next(page);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Select at least one option.");
    await question(page).getByRole("checkbox", { name: "Thinning" }).check();
    await question(page).getByRole("checkbox", { name: "Other" }).check();
    await expectAccessible(page);
    await next(page);
    await expectStep(page, 10, "Other hair concerns");
    await question(page).getByRole("textbox").fill("A receding hairline at the temples.");
    await next(page);

    await expectStep(page, 11, "Duration of problem");
    await choose(page, ">6 months");
    await next(page);
    await expectStep(page, 12, "Used Minoxidil?");
    await choose(page, "Yes");
    await next(page);
    await expectStep(page, 13, "Did it help?");
    await choose(page, "Not sure");
    await next(page);
    await expectStep(page, 14, "Current hair products?");
    await question(page).getByRole("textbox").fill("A mild shampoo.");
    await next(page);
    await expectStep(page, 15, "Family hair loss history?");
    await expect(page.getByRole("heading", { name: "Family & Lifestyle" })).toBeVisible();
    await choose(page, "Yes");
    await next(page);
    await expectStep(page, 16, "Hair wash frequency");
    await choose(page, "3-4 times");
    await next(page);
    await expectStep(page, 17, "Water type");
    await choose(page, "Hard");
    await next(page);
    await expectStep(page, 18, "Smoke or drink?");
    await choose(page, "No");
    await next(page);
    await expectStep(page, 19, "Diet type");
    await choose(page, "Balanced");
    await next(page);

    await expectStep(page, 20, "Upload scalp photos");
    await expect(page.getByRole("heading", { name: "Optional Uploads" })).toBeVisible();
    await page.getByLabel("Add photos").setInputFiles({ name: "crown.jpg", mimeType: "image/jpeg", buffer: await phonePhoto() });
    await expect(page.getByRole("list", { name: "Uploaded photos" }).getByText("crown.jpg")).toBeVisible();
    // Not an image, whatever its name says: refused by its bytes.
    await page.getByLabel("Add photos").setInputFiles({ name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>not a photo</html>") });
    await expect(page.getByRole("main").getByRole("alert")).toContainText("JPEG or PNG");
    await expectAccessible(page);

    // Previous keeps the answers (they live on the server).
    await page.getByRole("link", { name: "Previous" }).click();
    await expectStep(page, 19, "Diet type");
    await expect(question(page).getByRole("radio", { name: "Balanced" })).toBeChecked();
    await next(page);
    await expectStep(page, 20, "Upload scalp photos");
    await page.getByRole("button", { name: "Submit" }).click();

    await page.waitForURL(/\/prescription\/checkout\?questionnaireId=[0-9a-f-]{36}$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Prescription Service" })).toBeVisible();
    await expect(main.getByText("£19.99", { exact: true })).toBeVisible();
    await expect(main.getByText("Choose Your Subscription (Optional)")).toBeVisible();
    await expect(main.getByText("3 Months", { exact: true })).toBeVisible();
    await expect(main.getByText(/A specialist will review your questionnaire within 24 hours/)).toBeVisible();
    await expectAccessible(page);
    // The browser keeps only the questionnaire's id, never the answers.
    const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    expect(Object.keys(stored)).toEqual(["questionnaireDataId"]);

    await main.getByRole("button", { name: "Pay with Stripe" }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await expect(page.getByRole("heading", { level: 1, name: "Pay £19.99" })).toBeVisible();
    await page.getByRole("button", { name: "Pay £19.99" }).click();

    await page.waitForURL(/\/prescription\/checkout\/success\?session_id=cs_test_/);
    const modal = page.getByRole("dialog", { name: "Prescription Submitted" });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(THANK_YOU)).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => localStorage.getItem("questionnaireDataId"))).toBeNull();
    await modal.getByRole("button", { name: "Done" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  test("ends for someone under 18, and Continue keeps them on the step", { tag: ONE_INSTANCE }, async ({ page }) => {
    const user = await createUser();
    await startSignedIn(page, user);
    await question(page).getByRole("textbox").fill("Young Person");
    await next(page);
    await expectStep(page, 2, "Date of Birth");
    const sixteen = new Date();
    sixteen.setFullYear(sixteen.getFullYear() - 16);
    await question(page).getByRole("textbox", { name: "Date of Birth" }).fill(sixteen.toISOString().slice(0, 10));
    await next(page);
    const modal = page.getByRole("dialog", { name: "Important Information" });
    await expect(modal).toBeVisible();
    await expect(modal.getByText("Must be 18 or older.")).toBeVisible();
    await expectAccessible(page);
    await modal.getByRole("button", { name: "Continue" }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/prescription\/questionnaire\/2$/);
  });

  test("sends recent hair loss to a consultation from the modal", { tag: ONE_INSTANCE }, async ({ page }) => {
    const user = await createUser();
    await startSignedIn(page, user);
    // Straight to step 11: the draft saves any step; submitting checks the whole path.
    await page.goto("/prescription/questionnaire/11");
    await expectStep(page, 11, "Duration of problem");
    await choose(page, "<3 months");
    await next(page);
    const modal = page.getByRole("dialog", { name: "Important Information" });
    await expect(modal.getByText("Consult a professional for recent loss.")).toBeVisible();
    await modal.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(/\/consultation$/);
  });

  test("sends steps outside 1..20 to step 1, and cancelled payments back to checkout", async ({ page }) => {
    const user = await createUser();
    await startSignedIn(page, user);
    for (const step of ["0", "21", "25", "abc"]) {
      await page.goto(`/prescription/questionnaire/${step}`);
      await expect(page).toHaveURL(/\/prescription\/questionnaire\/1$/);
    }
    await page.goto("/prescription/checkout");
    const main = page.getByRole("main");
    await expect(main.getByText("Please complete the questionnaire first.", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await main.getByRole("link", { name: "Go to Questionnaire" }).click();
    await expect(page).toHaveURL(/\/prescription\/questionnaire\/1$/);
    await page.goto("/prescription/checkout?cancel=1");
    await expect(main.getByRole("alert").filter({ hasText: "Payment was canceled. No prescription was saved." })).toBeVisible();
  });
});
