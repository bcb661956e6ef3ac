import shortPath from "../tests/fixtures/prescription-answers.json";
import { expect, expectAccessible, test } from "./support/fixtures";
import { findInQueue, logIn } from "./support/journeys";
import { makePrescriber, newPerson, payForPrescription } from "./support/prescription-journey";
import { createPharmacyUser, createUser, enterSecondFactor, verifyIdentity, waitForHydratedForm } from "./support/users";

// The whole review, as the people involved live it: a patient pays for the prescription
// service, a prescriber asks a question, the patient answers from the dashboard, the
// prescriber issues, the patient opens and downloads the prescription, and a pharmacy
// checks it at /rx/{reference}.

test("a prescriber asks, the patient answers, the prescriber issues, the patient downloads and a pharmacy dispenses", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const patient = await createUser({ name: "Robin Hale" });
  // Identity is its own journey (identity.spec.ts): this patient verified already.
  await verifyIdentity(patient, { firstName: "Robin", lastName: "Hale", dateOfBirth: shortPath[2].text });
  await logIn(page, patient, "/dashboard");
  const reference = await payForPrescription(page, { name: "Robin Hale" });
  expect(reference).toMatch(/^PR-/);

  // The prescriber claims the case and asks a question.
  const staffPage = await newPerson(browser);
  await logIn(staffPage, await makePrescriber(), "/dashboard");
  await findInQueue(staffPage, "/staff/prescriptions", reference);
  const staffMain = staffPage.getByRole("main");
  await staffMain.getByRole("list", { name: /Waiting for a decision/ }).getByRole("link", { name: reference }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: `Request ${reference}` })).toBeVisible();
  await expect(staffMain.getByRole("region", { name: "Answers" })).toContainText("Robin Hale");
  await staffMain.getByRole("button", { name: "Claim this case" }).click();
  await staffMain.getByRole("textbox", { name: "Your question" }).fill("Have you had any scalp irritation in the last month?");
  await staffMain.getByRole("button", { name: "Send question" }).click();
  await expect(staffMain.getByRole("region", { name: "Messages" })).toContainText("scalp irritation");
  await expectAccessible(staffPage);

  // The patient sees the task, answers it, and the case goes back to the queue.
  await page.goto("/dashboard");
  const tasks = page.getByRole("main").getByRole("region", { name: "Tasks" });
  await expect(tasks.getByRole("heading", { name: "A prescriber has a question for you" })).toBeVisible();
  await tasks.getByRole("link", { name: /Answer the question/ }).click();
  const messages = page.getByRole("main").getByRole("region", { name: "Messages" });
  await expect(messages).toContainText("scalp irritation");
  await messages.getByLabel("Answer the prescriber's question").fill("No irritation at all.");
  await messages.getByRole("button", { name: "Send answer" }).click();
  await expect(messages.getByRole("status")).toContainText("Your answer has been sent to the prescriber.");
  await expectAccessible(page);

  // The prescriber reads the answer and issues.
  await findInQueue(staffPage, "/staff/prescriptions", reference);
  await staffMain.getByRole("link", { name: reference }).first().click();
  await expect(staffMain.getByRole("region", { name: "Messages" })).toContainText("No irritation at all.");
  await staffMain.getByRole("button", { name: "Claim this case" }).click();
  const decision = staffMain.getByRole("region", { name: "Decision" });
  await decision.getByRole("textbox", { name: "Medicine" }).fill("Minoxidil 5% cutaneous solution");
  await decision.getByRole("textbox", { name: "Dose" }).fill("1 ml twice daily");
  await decision.getByRole("textbox", { name: "Quantity" }).fill("60 ml");
  await decision.getByRole("textbox", { name: "Directions" }).fill("Apply 1 ml to the dry scalp twice a day.");
  await decision.getByRole("button", { name: "Issue prescription" }).click();
  await expect(staffMain.getByRole("region", { name: "Review" })).toContainText(/issued/i);

  // The patient opens the prescription and downloads the PDF.
  await page.goto("/dashboard/orders");
  const requests = page.getByRole("main").getByRole("region", { name: "Prescription requests" });
  await requests.getByRole("link", { name: `View request ${reference}` }).click();
  await page.getByRole("main").getByRole("link", { name: "View and print prescription" }).click();
  await page.waitForURL(/\/dashboard\/prescriptions\/RX-/);
  const rxReference = page.url().split("/").pop()!;
  await expect(page.getByRole("main")).toContainText("Minoxidil 5% cutaneous solution");
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await page.getByRole("main").getByRole("link", { name: /Download PDF/ }).click();
  expect((await download).suggestedFilename()).toBe(`prescription-${rxReference}.pdf`);
  const code = (await page.getByRole("main").getByText(/^\d{4} \d{4}$/).first().textContent())!.trim();

  // A pharmacy checks it and marks it dispensed, once.
  const pharmacy = await newPerson(browser);
  await pharmacy.goto(`/rx/${rxReference}`);
  await expect(pharmacy.getByRole("main")).toContainText("Genuine prescription");
  // Dispensing needs the pharmacy's account: it signs in from the page and comes back to it.
  const pharmacyAccount = await createPharmacyUser({ pharmacyName: "High Street Pharmacy", premisesNumber: "7654321" });
  await pharmacy.getByRole("main").getByRole("link", { name: "Sign in as a pharmacy to mark this dispensed" }).click();
  await pharmacy.waitForURL(/\/login\?next=/);
  await waitForHydratedForm(pharmacy);
  await pharmacy.getByRole("main").getByRole("textbox", { name: "Email" }).fill(pharmacyAccount.email);
  await pharmacy.getByRole("main").getByLabel("Password", { exact: true }).fill(pharmacyAccount.password);
  await pharmacy.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await enterSecondFactor(pharmacy, pharmacyAccount);
  await pharmacy.waitForURL(new RegExp(`/rx/${rxReference}$`));
  await pharmacy.getByRole("main").getByRole("textbox", { name: /code/i }).fill(code);
  await pharmacy.getByRole("main").getByRole("button", { name: "Mark as dispensed" }).click();
  await expect(pharmacy.getByRole("main")).toContainText("High Street Pharmacy (GPhC 7654321)");
  await expectAccessible(pharmacy);
});
