import { randomInt } from "node:crypto";
import shortPath from "../tests/fixtures/prescription-answers.json";
import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { findInQueue, logIn } from "./support/journeys";
import { makePrescriber, newPerson, payForPrescription } from "./support/prescription-journey";
import { completeProviderPage, verifyIdentityFromDashboard, type IdentityOutcome } from "./support/identity";
import { scanInto, shoot } from "./support/screenshots";
import { createUser, type TestUser } from "./support/users";

// Identity before a prescription-only supply: the patient is asked on the dashboard, verifies
// on the provider's page (the sandbox's test page), comes back verified, and the prescriber
// sees the document's facts and issues; a document in another name blocks the issue, saying why.

const SHOTS = "identity";
const check = scanInto(SHOTS);

/** The dashboard's task, the provider's page, and back, with this outcome; with `shots`, each page scanned and shot under that prefix. */
async function verifyOnProviderPage(page: Page, name: string, outcome: IdentityOutcome, shots?: string, documentNumber?: string) {
  const scan = shots ? (target: Page, step: string) => check(target, `${shots}-${step}`) : undefined;
  await verifyIdentityFromDashboard(page, { name, dateOfBirth: shortPath[2].text, documentNumber }, outcome, scan);
}

async function staffPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await newPerson(browser);
  await logIn(page, user, "/staff/prescriptions");
  return page;
}

async function openCase(staff: Page, reference: string) {
  await findInQueue(staff, "/staff/prescriptions", reference);
  await staff.getByRole("main").getByRole("link", { name: reference }).first().click();
  await expect(staff.getByRole("heading", { level: 1, name: `Request ${reference}` })).toBeVisible();
}

test("a patient verifies their identity on the provider's page; the prescriber sees the matched document and issues", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const patient = await createUser({ name: "Jamie Rivera" });
  await logIn(page, patient, "/dashboard");
  const reference = await payForPrescription(page, { name: "Jamie Rivera" });

  await verifyOnProviderPage(page, "Jamie Rivera", "Verified", "verified");
  const main = page.getByRole("main");
  await expect(main).toContainText("Your identity is verified.");
  await expect(main).toContainText("Jamie Rivera");
  await expect(main).toContainText("17 May 1990");
  await expectAccessible(page);
  await shoot(page, SHOTS, "identity-page-after-verifying");
  await page.goto("/dashboard");
  await expect(page.getByRole("main").getByRole("region", { name: "Tasks" }).getByRole("heading", { name: /Verify your identity/ })).toHaveCount(0);

  const staff = await staffPage(browser, await makePrescriber());
  await openCase(staff, reference);
  const checks = staff.getByRole("main").getByRole("region", { name: "Before supply" });
  await expect(checks).toContainText("Identity");
  await expect(checks).toContainText("Done");
  await expect(checks).toContainText("name and date of birth");
  await expect(checks).toContainText("GPhC");
  await staff.getByRole("main").getByRole("button", { name: "Claim this case" }).click();
  const decision = staff.getByRole("main").getByRole("region", { name: "Decision" });
  await expect(decision.getByRole("button", { name: "Issue prescription" })).toBeEnabled();
  await expectAccessible(staff);
  await shoot(staff, SHOTS, "prescriber-verified-case");
  await decision.getByRole("textbox", { name: "Medicine" }).fill("Finasteride 1 mg tablets");
  await decision.getByRole("textbox", { name: "Dose" }).fill("1 mg once daily");
  await decision.getByRole("textbox", { name: "Quantity" }).fill("28 tablets");
  await decision.getByRole("textbox", { name: "Directions" }).fill("Take one tablet by mouth each day.");
  await decision.getByRole("button", { name: "Issue prescription" }).click();
  await expect(staff.getByRole("main").getByRole("region", { name: "Review" })).toContainText(/issued/i);
});

test("a document in another name blocks the issue, and the prescriber is told which field differs", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const patient = await createUser({ name: "Casey Brook" });
  await logIn(page, patient, "/dashboard");
  const reference = await payForPrescription(page, { name: "Casey Brook" });
  await verifyOnProviderPage(page, "Casey Brook", "Verified, with a different surname");
  const main = page.getByRole("main");
  await expect(main).toContainText("does not match what you gave in your questionnaire");
  await expect(main).not.toContainText("Your identity is verified.");
  await expect(main.getByRole("button", { name: "Verify your identity again" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, SHOTS, "mismatch-identity-page");

  const staff = await staffPage(browser, await makePrescriber());
  await openCase(staff, reference);
  await staff.getByRole("main").getByRole("button", { name: "Claim this case" }).click();
  const decision = staff.getByRole("main").getByRole("region", { name: "Decision" });
  await expect(decision.getByRole("button", { name: "Issue prescription" })).toBeDisabled();
  await expect(decision).toContainText("Cannot supply yet: The name on the patient's identity document (Casey Brook-Different) does not match");
  await expect(staff.getByRole("main").getByRole("region", { name: "Before supply" })).toContainText("Needed before supply");
  await expectAccessible(staff);
  await shoot(staff, SHOTS, "prescriber-mismatch-case");
});

test("one document under two accounts is flagged on the case; the prescriber records a decision and may then issue", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const number = `DUP${randomInt(100_000, 999_999)}`;
  const first = await createUser({ name: "Morgan Lee" });
  await logIn(page, first, "/dashboard");
  const reference = await payForPrescription(page, { name: "Morgan Lee" });
  await verifyOnProviderPage(page, "Morgan Lee", "Verified", undefined, number);
  await page.context().clearCookies();
  const second = await createUser({ name: "Morgan Lee" });
  await logIn(page, second, "/dashboard");
  // The second account has no supply waiting (no dashboard task): it verifies from its identity page.
  await page.goto("/dashboard/identity");
  await page.getByRole("main").getByRole("button", { name: "Verify your identity" }).click();
  await completeProviderPage(page, { name: "Morgan Lee", dateOfBirth: shortPath[2].text, documentNumber: number });
  await expect(page.getByRole("main")).toContainText("Your identity is verified.");

  const staff = await staffPage(browser, await makePrescriber());
  await openCase(staff, reference);
  const checks = staff.getByRole("main").getByRole("region", { name: "Before supply" });
  await expect(checks).toContainText("Possible second account");
  await expect(checks).toContainText(second.email.toLowerCase());
  await staff.getByRole("main").getByRole("button", { name: "Claim this case" }).click();
  const decision = staff.getByRole("main").getByRole("region", { name: "Decision" });
  await expect(decision.getByRole("button", { name: "Issue prescription" })).toBeDisabled();
  await expect(decision).toContainText("looks like the same person (the same identity document)");

  await checks.getByRole("link", { name: /Possible|Morgan Lee/ }).first().click();
  await expect(staff.getByRole("heading", { level: 1, name: "Identity of Morgan Lee" })).toBeVisible();
  const duplicates = staff.getByRole("main").getByRole("region", { name: "Accounts that look like the same person" });
  await expect(duplicates).toContainText("the same identity document");
  await expect(duplicates).toContainText("No decision yet");
  await expectAccessible(staff);
  await shoot(staff, SHOTS, "staff-identity-duplicate");
  const form = duplicates.getByRole("form", { name: `Your decision on ${second.email.toLowerCase()}` });
  await form.getByRole("button", { name: "Record the decision" }).click();
  await expect(form).toContainText("Choose whether these accounts are the same person.");
  await form.getByLabel("The same person, known and reviewed: supply may go ahead").check();
  await form.getByLabel("How you decided").fill("Phoned the patient: an old account they no longer use.");
  await form.getByRole("button", { name: "Record the decision" }).click();
  await expect(duplicates).toContainText("The same person, known and reviewed: supply may go ahead.");
  await expectAccessible(staff);
  await shoot(staff, SHOTS, "staff-identity-decided");

  await openCase(staff, reference);
  await expect(staff.getByRole("main").getByRole("region", { name: "Decision" }).getByRole("button", { name: "Issue prescription" })).toBeEnabled();
});
