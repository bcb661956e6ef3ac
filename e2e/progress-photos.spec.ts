import sharp from "sharp";
import { expect, expectAccessible, test } from "./support/fixtures";
import { findInQueue, logIn } from "./support/journeys";
import { makePrescriber, newPerson, payForPrescription } from "./support/prescription-journey";
import { shoot } from "./support/screenshots";
import { createUser } from "./support/users";

// Hair-loss progress photos (issue 23): the same three views, each with its framing guide,
// compared side by side by date on the patient's page and on the prescriber's case.

const photo = (background: string) => sharp({ create: { width: 240, height: 240, channels: 3, background } }).jpeg().toBuffer();

async function addSet(page: import("@playwright/test").Page, shade: string) {
  const form = page.getByRole("main").getByRole("form", { name: "Add today's photos" });
  await form.getByLabel("Hairline").setInputFiles({ name: "hairline.jpg", mimeType: "image/jpeg", buffer: await photo(shade) });
  await form.getByLabel("Crown").setInputFiles({ name: "crown.jpg", mimeType: "image/jpeg", buffer: await photo(shade) });
  await form.getByLabel("Top of the head").setInputFiles({ name: "top.jpg", mimeType: "image/jpeg", buffer: await photo(shade) });
  await form.getByRole("button", { name: "Save today's photos" }).click();
  await expect(form.getByRole("status")).toContainText("Your progress photos are saved.");
}

test("a patient adds progress photos twice and sees them side by side; the prescriber sees the same on the case", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const patient = await createUser({ name: "Morgan Reid" });
  await logIn(page, patient, "/dashboard/progress");
  await expect(page.getByRole("main")).toContainText("No photos yet.");
  await expectAccessible(page);
  await shoot(page, "progress-photos", "empty");

  // A missing view is named, and nothing is sent.
  const form = page.getByRole("main").getByRole("form", { name: "Add today's photos" });
  await form.getByLabel("Hairline").setInputFiles({ name: "hairline.jpg", mimeType: "image/jpeg", buffer: await photo("#a0785a") });
  await form.getByRole("button", { name: "Save today's photos" }).click();
  await expect(form.getByText("Add the photo of your crown.")).toBeVisible();
  await expectAccessible(page);

  await addSet(page, "#a0785a");
  await addSet(page, "#8a6a50");
  const comparison = page.getByRole("main").getByRole("region", { name: /Your progress photos by date/ });
  await expect(comparison.getByRole("columnheader")).toHaveCount(2);
  await expect(comparison.getByRole("img", { name: /^Hairline, / })).toHaveCount(2);
  await expect(comparison.getByRole("img", { name: /^Top of the head, / })).toHaveCount(2);
  await expectAccessible(page);
  await shoot(page, "progress-photos", "two-sets");

  // The prescriber reviewing this patient's request sees the same sets.
  const reference = await payForPrescription(page, { name: "Morgan Reid" });
  const staffPage = await newPerson(browser);
  await logIn(staffPage, await makePrescriber("Ana Costa"), "/staff/prescriptions");
  await findInQueue(staffPage, "/staff/prescriptions", reference);
  await staffPage.getByRole("main").getByRole("link", { name: reference }).first().click();
  const staffComparison = staffPage.getByRole("main").getByRole("region", { name: "Hair progress photos" });
  await expect(staffComparison.getByRole("img", { name: /^Crown, / })).toHaveCount(2);
  // The image itself is served to the prescriber (lazy: it loads once scrolled to).
  const first = staffComparison.getByRole("img").first();
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await expectAccessible(staffPage);
  await shoot(staffPage, "progress-photos", "prescriber-case");
});
