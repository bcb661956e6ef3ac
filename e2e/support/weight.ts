import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";
import type { Scan } from "./screenshots";
import { waitForHydratedForm } from "./users";

// A weight-loss medicine is not supplied on self-reported weight alone (issue 23): the patient
// sends a full-length photo on scales from their order page, and the pharmacist records the
// weight they verified from it.

/**
 * From the dashboard's task to the order's page, where sending nothing is refused at the field,
 * then a 600 × 1200 JPEG is sent. `scan` names the pages dashboard-task, order-weight-step and
 * order-photo-sent.
 */
/** A full-length portrait JPEG, as a phone takes one on the scales. */
export function scalesPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 1200, channels: 3, background: "#8aa" } }).jpeg().toBuffer();
}

export async function sendWeightPhoto(page: Page, reference: string, scan?: Scan) {
  await page.goto("/dashboard");
  const task = page.getByRole("region", { name: "Tasks" });
  await expect(task.getByRole("heading", { name: "Send your weight verification photo" })).toBeVisible();
  await scan?.(page, "dashboard-task");
  await task.getByRole("link", { name: `Send your photo for order ${reference}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await waitForHydratedForm(page);
  const form = page.getByRole("form", { name: "Send your weight verification photo" });
  await expect(form).toContainText("today's date handwritten");
  // Nothing chosen: the form says what to do, at the field.
  await form.getByRole("button", { name: "Send photo" }).click();
  await expect(form.getByText("Choose your photo to send.", { exact: true })).toBeVisible();
  await scan?.(page, "order-weight-step");
  const jpeg = await scalesPhoto();
  await form.getByLabel("Your photo").setInputFiles({ name: "on my scales.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await form.getByRole("button", { name: "Send photo" }).click();
  await expect(page.getByText("Thank you. Your photo has been sent to our pharmacist.")).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "You sent a photo on" })).toBeVisible();
  await scan?.(page, "order-photo-sent");
}

/** The pharmacist, reviewing the order, sees the patient's photo (the 600-pixel JPEG sendWeightPhoto sent). */
export async function expectWeightPhoto(staff: Page) {
  const photo = staff.getByRole("region", { name: "Weight verification" }).getByRole("img", { name: /Weight verification photo 1/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
}

/** The pharmacist records the weight verified from the photo; the card then states it. */
export async function recordVerifiedWeight(staff: Page, { weightKg, note }: { weightKg: string; note: string }) {
  const weight = staff.getByRole("region", { name: "Weight verification" });
  await waitForHydratedForm(staff);
  await weight.getByRole("textbox", { name: "Verified weight (kg)" }).fill(weightKg);
  await expect(weight.getByRole("radio", { name: /Photo on scales/ })).toBeChecked();
  await weight.getByRole("textbox", { name: /Note/ }).fill(note);
  await weight.getByRole("button", { name: "Record verified weight" }).click();
  await expect(weight.getByText(`${weightKg} kg, BMI`, { exact: false }).first()).toBeVisible();
}
