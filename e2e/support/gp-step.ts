import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { waitForHydratedForm } from "./users";

export type GpAnswer = { practice: string; consent: "yes" | "no"; email?: string };

/**
 * Answers the "Your GP" step beside a questionnaire (an assessment's results page, the
 * prescription checkout): practice, address, optional email, consent, then "Save GP details".
 * On Mounjaro's results the form is open; where it is optional, `open` unfolds "Add your GP now".
 */
export async function answerGpStep(page: Page, gp: GpAnswer, { open = false } = {}) {
  const section = page.getByRole("main").getByRole("region", { name: "Your GP" });
  await waitForHydratedForm(page);
  if (open) await section.getByText("Add your GP now").click();
  const form = section.getByRole("form", { name: "Your GP practice" });
  await form.getByRole("textbox", { name: "Practice name" }).fill(gp.practice);
  await form.getByRole("textbox", { name: "Address line 1" }).fill("7 Station Road");
  await form.getByRole("textbox", { name: "Town or city" }).fill("Norwich");
  await form.getByRole("textbox", { name: "Postcode" }).fill("NR1 1AA");
  if (gp.email) await form.getByRole("textbox", { name: "Practice email (optional)" }).fill(gp.email);
  await form.getByRole("radio", { name: gp.consent === "yes" ? "Yes, tell my GP" : "No, do not contact my GP" }).check();
  await form.getByRole("button", { name: "Save GP details" }).click();
  await expect(section.getByRole("note")).toContainText(gp.consent === "yes" ? `We will tell ${gp.practice}` : `You chose not to let us contact ${gp.practice}`);
}
