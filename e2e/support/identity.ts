import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import type { Scan } from "./screenshots";

// Identity before a prescription-only supply (issue 23): the patient verifies on the provider's
// hosted page, which the local payment sandbox serves as Stripe Identity's test page.

export type IdentityDocument = { name: string; dateOfBirth: string; documentNumber?: string };
export type IdentityOutcome = "Verified" | "Verified, with a different surname";

/** On the provider's page (/verify/vs_…): the document's facts, this outcome, and the return to /dashboard/identity. */
export async function completeProviderPage(page: Page, document: IdentityDocument, outcome: IdentityOutcome = "Verified", scan?: Scan) {
  await page.waitForURL(/\/verify\/vs_/);
  await expect(page.getByText("Test identity check — no real document is read")).toBeVisible();
  await page.getByLabel("Full name on the document").fill(document.name);
  await page.getByLabel("Date of birth on the document").fill(document.dateOfBirth);
  if (document.documentNumber) await page.getByLabel("Document number (optional)").fill(document.documentNumber);
  await scan?.(page, "provider-page");
  await page.getByRole("button", { name: outcome, exact: true }).click();
  await page.waitForURL(/\/dashboard\/identity\?returned=1$/);
}

/**
 * From the dashboard's "Verify your identity" task, through the identity page, to the provider's
 * page and back with this outcome. `scan` names the pages dashboard-task, identity-page and provider-page.
 */
export async function verifyIdentityFromDashboard(page: Page, document: IdentityDocument, outcome: IdentityOutcome = "Verified", scan?: Scan) {
  await page.goto("/dashboard");
  const tasks = page.getByRole("main").getByRole("region", { name: "Tasks" });
  await expect(tasks.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
  await scan?.(page, "dashboard-task");
  await tasks.getByRole("link", { name: "Verify your identity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your identity" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("You have not verified your identity yet.");
  await scan?.(page, "identity-page");
  await page.getByRole("main").getByRole("button", { name: "Verify your identity" }).click();
  await completeProviderPage(page, document, outcome, scan);
}
