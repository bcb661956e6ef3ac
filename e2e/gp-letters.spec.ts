import { randomInt } from "node:crypto";
import assessmentPaths from "../tests/fixtures/assessment-answers.json";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { dispenseOrder, findInQueue, logIn, pharmacistPage, reviewOrder, staffPage } from "./support/journeys";
import { gpForm, saveGpDetails } from "./support/gp";
import { shoot } from "./support/screenshots";
import { makePrescriber, payForPrescription } from "./support/prescription-journey";
import { meetSupplyChecks } from "./support/supply";
import { createUser, verifyIdentity, waitForHydratedForm } from "./support/users";

// The patient's GP: the patient gives their practice (no email) and consent, a prescriber
// issues their prescription, the patient finds the letter to their GP in their medical
// documents, and a pharmacist posts it from the staff "GP letters to post" page.


test("a patient's GP details and consent, a letter on issue in their documents, and staff post it", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const practice = `Meadow Practice ${randomInt(10_000)}`;
  const patient = await createUser({ name: "Robin Hale" });
  await logIn(page, patient, "/dashboard/account-settings");

  // The patient gives their GP: the form says what is missing, then saves.
  await page.getByRole("main").getByRole("link", { name: /Your GP/ }).click();
  const form = await gpForm(page);
  await form.getByRole("button", { name: "Save GP details" }).click();
  await expect(form.getByText("Enter your GP practice's name.")).toBeVisible();
  await expect(form.getByText(/Choose whether we may tell your GP/)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "gp", "gp-details-errors");
  await saveGpDetails(page, { name: practice, line1: "4 Church Street", town: "York", postcode: "yo1 7hh" });
  await expectAccessible(page);
  await shoot(page, "gp", "gp-details-saved");

  // The patient pays for the prescription service; the prescriber sees the GP on the case and issues.
  await payForPrescription(page, { name: "Robin Hale" });
  // Identity has its own journey (e2e/identity.spec.ts): here the patient is verified.
  await verifyIdentity(patient, { firstName: "Robin", lastName: "Hale", dateOfBirth: "1990-05-17" });
  await page.goto("/dashboard/orders");
  const heading = page.getByRole("main").getByRole("region", { name: "Prescription requests" }).getByRole("heading", { level: 3 }).first();
  const reference = (await heading.textContent())!.replace("Prescription request ", "").trim();
  // The open request says who will be told.
  await page.getByRole("main").getByRole("region", { name: "Prescription requests" }).getByRole("link", { name: `View request ${reference}` }).click();
  await expect(page.getByRole("main").getByRole("region", { name: "Your GP" })).toContainText(`When your prescription is issued we will write to ${practice}.`);
  await expectAccessible(page);
  await shoot(page, "gp", "request-your-gp");

  const prescriber = await staffPage(browser, baseURL, await makePrescriber(), "/staff/prescriptions");
  const staffMain = prescriber.getByRole("main");
  await findInQueue(prescriber, "/staff/prescriptions", reference);
  await staffMain.getByRole("link", { name: reference }).first().click();
  await expect(prescriber.getByRole("heading", { level: 1, name: `Request ${reference}` })).toBeVisible();
  await expect(staffMain.getByRole("region", { name: "Before supply" })).toContainText(`A letter will be sent to ${practice}.`);
  await waitForHydratedForm(prescriber);
  await staffMain.getByRole("button", { name: "Claim this case" }).click();
  const decision = staffMain.getByRole("region", { name: "Decision" });
  await decision.getByRole("textbox", { name: "Medicine" }).fill("Finasteride 1 mg tablets");
  await decision.getByRole("textbox", { name: "Dose" }).fill("1 mg once daily");
  await decision.getByRole("textbox", { name: "Quantity" }).fill("28 tablets");
  await decision.getByRole("textbox", { name: "Directions" }).fill("Take one tablet by mouth each day.");
  await decision.getByRole("button", { name: "Issue prescription" }).click();
  await expect(staffMain.getByRole("region", { name: "Review" })).toContainText(/issued/i);
  await expectAccessible(prescriber);
  await shoot(prescriber, "gp", "prescriber-case-issued");

  // The patient finds the letter to their GP in their medical documents and downloads it.
  await page.goto("/dashboard/account-settings/medical-documents");
  const letters = page.getByRole("main").getByRole("region", { name: "Letters to your GP" });
  await expect(letters).toContainText("Finasteride 1 mg tablets");
  await expect(letters).toContainText(`To ${practice}`);
  await expect(letters).toContainText("Being posted to your practice");
  await expectAccessible(page);
  await shoot(page, "gp", "medical-documents-letter");
  const download = page.waitForEvent("download");
  await letters.getByRole("link", { name: /Download PDF/ }).click();
  expect((await download).suggestedFilename()).toBe(`gp-letter-${reference}.pdf`);

  // A pharmacist prints it from the staff page and marks it posted.
  const pharmacist = await pharmacistPage(browser, baseURL, "Lee Chemist");
  await pharmacist.getByRole("navigation").getByRole("link", { name: "GP letters to post" }).first().click();
  await expect(pharmacist.getByRole("heading", { level: 1, name: "GP letters to post" })).toBeVisible();
  const toPost = pharmacist.getByRole("main").getByRole("list", { name: /To post/ });
  const item = toPost.getByRole("listitem").filter({ hasText: reference });
  await expect(item).toContainText(practice);
  await expect(item).toContainText("4 Church Street, York, YO1 7HH");
  await expectAccessible(pharmacist);
  await shoot(pharmacist, "gp", "staff-gp-letters");
  const staffDownload = pharmacist.waitForEvent("download");
  await item.getByRole("link", { name: `Download letter for ${reference} (PDF)` }).click();
  expect((await staffDownload).suggestedFilename()).toBe(`gp-letter-${reference}.pdf`);
  await waitForHydratedForm(pharmacist);
  await item.getByRole("button", { name: `Mark ${reference} posted` }).click();
  await expect(pharmacist.getByRole("main").getByRole("list", { name: "Recently posted" })).toContainText(reference);
  await expect(toPost.getByRole("listitem").filter({ hasText: reference })).toHaveCount(0);
  await expectAccessible(pharmacist);
  await shoot(pharmacist, "gp", "staff-gp-letters-posted");

  await page.reload();
  await expect(page.getByRole("main").getByRole("region", { name: "Letters to your GP" })).toContainText("Posted to your practice");
});

/** Calls the site's API from the signed-in page, with its XSRF token, as the browser's forms do. */
async function api(page: Page, method: string, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      await fetch("/sanctum/csrf-cookie", { credentials: "same-origin" });
      const xsrf = decodeURIComponent(document.cookie.split("; ").find((c) => c.startsWith("XSRF-TOKEN="))?.split("=")[1] ?? "");
      const res = await fetch(path, { method, headers: { "content-type": "application/json", "x-xsrf-token": xsrf }, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

test("Mounjaro without GP consent waits until the pharmacist records why supplying is still appropriate", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  // A name of its own: \`npm test\` runs the journeys on the integration tests' database, whose
  // verified Jamie Reids (same date of birth and postcode) the identity check would rightly
  // flag as the same person.
  const patient = await createUser({ name: `Jamie Reid-${randomInt(100_000, 999_999).toString(36).replace(/[0-9]/g, "x")}` });
  await logIn(page, patient, "/dashboard");

  // The assessment through the API (its browser journey has its own spec), the 1-month plan, payment in the sandbox.
  const id = crypto.randomUUID();
  for (const [step, answer] of Object.entries(assessmentPaths.mounjaro)) {
    const saved = await api(page, "PUT", `/api/questionnaires/${id}/steps/${step}`, { definition: "mounjaro", choice: null, text: "", ...answer });
    expect(saved.status, `step ${step}`).toBe(200);
  }
  expect((await api(page, "POST", `/api/questionnaires/${id}/submit`, {})).status).toBe(200);
  expect((await api(page, "POST", "/api/cart", { plan_id: "mounjaro-1-month", assessment_id: id })).status).toBe(201);
  const checkout = await api(page, "POST", "/api/checkout", { delivery_option: "standard", address: { name: patient.name, line1: "1 High Street", line2: "", city: "Leeds", postcode: "LS1 4AP" } });
  expect(checkout.status).toBe(200);
  const reference = checkout.json.reference as string;
  await meetSupplyChecks(patient, { reference, dateOfBirth: assessmentPaths.mounjaro["1"].text }, { except: ["gp"] });
  // Off to the sandbox's Checkout page as the cart's button goes (the fixture's goto waits for our header).
  await page.evaluate((url) => window.location.assign(url), checkout.json.url as string);
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();

  // The dashboard asks for the GP while the order waits.
  await page.goto("/dashboard");
  const tasks = page.getByRole("main").getByRole("region", { name: "Tasks" });
  await expect(tasks.getByRole("heading", { name: "Tell us about your GP" })).toBeVisible();
  await expect(tasks).toContainText("Before we can supply Mounjaro");
  await expectAccessible(page);
  await shoot(page, "gp", "dashboard-gp-task");

  // The pharmacist cannot dispense until they record why supplying is still appropriate.
  const staff = await pharmacistPage(browser, baseURL, "Lee Chemist");
  await reviewOrder(staff, reference);
  const checks = staff.getByRole("main").getByRole("region", { name: "Before supply" });
  await expect(checks).toContainText("has not given their GP's details");
  await expect(staff.getByRole("button", { name: "Dispense" })).toBeDisabled();
  await expect(staff.getByRole("main")).toContainText("Cannot supply yet:");
  await expectAccessible(staff);
  await shoot(staff, "gp", "order-gp-consent-needed");
  const form = staff.getByRole("form", { name: "Supply without telling the GP" });
  await form.getByRole("textbox", { name: "Why supplying is still appropriate" }).fill("Patient is registered with a GP abroad; weight verified on video and a follow-up review is booked.");
  await form.getByRole("button", { name: "Record the reason" }).click();
  await expect(checks).toContainText("recorded why");
  await expect(checks).toContainText("weight verified on video");
  await expect(staff.getByRole("button", { name: "Dispense" })).toBeEnabled();
  await expectAccessible(staff);
  await shoot(staff, "gp", "order-gp-consent-reason");
  await dispenseOrder(staff);
});
