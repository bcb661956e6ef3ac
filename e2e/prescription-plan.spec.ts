import { expect, expectAccessible, test } from "./support/fixtures";
import { findInQueue, logIn, pharmacistPage } from "./support/journeys";
import { issueFromQueue, makePrescriber, newPerson, payForPlan, payForPrescription } from "./support/prescription-journey";
import { shoot } from "./support/screenshots";
import pg from "pg";
import { createUser, verifyIdentity } from "./support/users";

/** The reference of the first order of the patient's subscription (made by its paid invoice's webhook). */
async function subscriptionOrderOf(email: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ reference: string }>("SELECT o.reference FROM orders o JOIN subscriptions s ON s.id = o.subscription_id WHERE s.email = $1 LIMIT 1", [email.toLowerCase()]);
    return rows[0]?.reference ?? null;
  } finally {
    await client.end();
  }
}

// The plan ticked under "Choose Your Subscription (Optional)" is an intent (issue 23): once the
// prescriber issues, the patient confirms and pays for the plan's supply, and the pharmacist's
// order carries the prescribed medicine with the prescription that authorises it.

test("a plan chosen at the prescription checkout is confirmed and paid after issue, and its supply reaches the pharmacist", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const patient = await createUser({ name: "Jordan Ellis" });
  await logIn(page, patient, "/dashboard");
  await payForPrescription(page, { name: "Jordan Ellis", plan: /3 Months/ });
  // Identity has its own journey (e2e/identity.spec.ts): here the patient is verified.
  await verifyIdentity(patient, { firstName: "Jordan", lastName: "Ellis", dateOfBirth: "1990-05-17" });

  await page.goto("/dashboard/orders");
  const requests = page.getByRole("main").getByRole("region", { name: "Prescription requests" });
  const reference = ((await requests.getByRole("heading", { level: 3 }).first().textContent()) ?? "").replace("Prescription request ", "").trim();
  expect(reference).toMatch(/^PR-/);
  await requests.getByRole("link", { name: `View request ${reference}` }).click();
  const plan = page.getByRole("main").getByRole("region", { name: "Your plan: Prescription 3 months" });
  await expect(plan).toContainText("Once the prescriber issues your prescription you can confirm this plan here");
  await expectAccessible(page);
  await shoot(page, "prescription-plan", "request-plan-waiting");
  const requestUrl = page.url();

  // The prescriber sees the plan on the case and issues.
  const staffPage = await newPerson(browser);
  await logIn(staffPage, await makePrescriber("Priya Shah"), "/staff/prescriptions");
  await findInQueue(staffPage, "/staff/prescriptions", reference);
  await staffPage.getByRole("main").getByRole("link", { name: reference }).first().click();
  await expect(staffPage.getByRole("main")).toContainText("Prescription 3 months");
  await issueFromQueue(staffPage, reference, { medicine: "Finasteride 1 mg tablets", dose: "1 mg once daily", quantity: "28 tablets", directions: "Take one tablet by mouth each day." });

  // The patient confirms and pays for the plan's supply.
  await page.goto(requestUrl);
  await expect(plan).toContainText("Your prescription is issued.");
  await expectAccessible(page);
  await shoot(page, "prescription-plan", "request-plan-ready");
  await payForPlan(page, { name: "Jordan Ellis", checkoutHeading: /Subscribe: £54\.99 every 3 months/ });

  await page.goto(requestUrl);
  await expect(plan).toContainText("Your plan has started");
  await expect(page.getByRole("main")).toContainText("Our pharmacy supplies it under your plan");
  await expectAccessible(page);
  await shoot(page, "prescription-plan", "request-plan-started");

  // The first supply waits for the pharmacist, naming the medicine and the prescription.
  let order = "";
  await expect.poll(async () => (order = (await subscriptionOrderOf(patient.email)) ?? "")).toMatch(/^OR-/);
  const pharmacist = await pharmacistPage(browser, baseURL, "Chris Owen");
  await findInQueue(pharmacist, "/staff/orders", order);
  await pharmacist.getByRole("main").getByRole("link", { name: order }).click();
  await expect(pharmacist.getByRole("main")).toContainText("Finasteride 1 mg tablets (1 mg once daily)");
  await expect(pharmacist.getByRole("region", { name: "Subscription" })).toContainText(/Supplied against prescription RX-/);
  await expectAccessible(pharmacist);
  await shoot(pharmacist, "prescription-plan", "pharmacist-order");
});
