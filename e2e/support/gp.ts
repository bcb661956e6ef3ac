import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { waitForHydratedForm } from "./users";

// The patient's GP (issue 23): the practice and the patient's consent to tell it, given at
// /dashboard/gp, so that a supply writes the practice a letter.

export type GpPractice = { name: string; line1: string; town: string; postcode: string; email?: string };

/** The form at /dashboard/gp, once React has hydrated it. */
export async function gpForm(page: Page): Promise<Locator> {
  await expect(page.getByRole("heading", { level: 1, name: "Your GP" })).toBeVisible();
  await waitForHydratedForm(page);
  return page.getByRole("main").getByRole("form", { name: "Your GP practice" });
}

/** At /dashboard/gp: the practice, "Yes, tell my GP", saved; the page then names the practice it writes to. */
export async function saveGpDetails(page: Page, practice: GpPractice) {
  const form = await gpForm(page);
  await form.getByRole("textbox", { name: "Practice name" }).fill(practice.name);
  await form.getByRole("textbox", { name: "Address line 1" }).fill(practice.line1);
  await form.getByRole("textbox", { name: "Town or city" }).fill(practice.town);
  await form.getByRole("textbox", { name: "Postcode" }).fill(practice.postcode);
  if (practice.email) await form.getByRole("textbox", { name: "Practice email (optional)" }).fill(practice.email);
  await form.getByRole("radio", { name: "Yes, tell my GP" }).check();
  await form.getByRole("button", { name: "Save GP details" }).click();
  await expect(form.getByRole("status")).toContainText(`We will tell ${practice.name}`);
  await expect(page.getByRole("main")).toContainText(`We write to ${practice.name}`);
}
