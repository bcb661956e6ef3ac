import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { answerCheckIn, approveCheckIn, expectRenewalCheckIn, renewInSandbox, subscriptionIdShown } from "./support/check-ins";
import { expect, test } from "./support/fixtures";
import { verifyIdentityFromDashboard } from "./support/identity";
import { dispenseOrder, findInQueue, logIn, pharmacistPage, prescribeOrder, reviewOrder, staffPage } from "./support/journeys";
import { passMounjaroAssessment, subscribeOnCheckoutPage } from "./support/mounjaro";
import { makePrescriber } from "./support/prescription-journey";
import { scanInto, type Scan } from "./support/screenshots";
import { createUser } from "./support/users";
import { expectWeightPhoto, recordVerifiedWeight, sendWeightPhoto } from "./support/weight";

// Issue 23's whole journey for one Mounjaro patient, in the browser: the assessment, a
// subscription to the 1-month plan (whose first invoice makes the first order), identity on
// the provider's page, the scales photo, the GP and consent (given with the assessment); a
// pharmacist records the verified weight, a prescriber prescribes (Human Medicines Regulations
// 2012, reg 214) and the pharmacist dispenses, which writes the GP letter naming the prescriber;
// then the first renewal's check-in, a prescriber's approval, the
// renewal charged (the sandbox's clock, the one step a browser cannot take) and its order in
// the pharmacist's queue showing the check-in.

const check = scanInto("mounjaro-journey");
/** The shared steps' pages, under this step's name. */
const within =
  (step: string): Scan =>
  (page, name) =>
    check(page, `${step}-${name}`);

/**
 * A name no other run has used: the identity check rightly flags accounts with the same name,
 * date of birth and postcode as one person, and `npm test` shares its database with the
 * integration tests.
 */
const uniqueSurname = () => `Ashby-${Array.from({ length: 6 }, () => "abcdefghjkmnpqrstuvwxyz"[randomInt(23)]).join("")}`;

const orderReference = (text: string | null) => /OR-[A-Z0-9]{6}/.exec(text ?? "")?.[0] ?? null;

test("a Mounjaro patient from the assessment through identity, weight, GP consent and dispense to the first renewal's approved check-in", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const name = `Rowan ${uniqueSurname()}`;
  const dateOfBirth = "1983-09-21";
  const practice = `Orchard Surgery ${randomInt(10_000)}`;
  const patient = await createUser({ name });
  await logIn(page, patient, "/dashboard");
  const main = page.getByRole("main");

  // The assessment and its GP step (details, email and consent), then a subscription from the
  // results: the renewal check-in needs one.
  await passMounjaroAssessment(page, { dateOfBirth, gp: { practice, consent: "yes", email: "orchard.surgery@nhs.example" } }, check);
  await main.getByRole("button", { name: "Subscribe to Mounjaro 1 month", exact: true }).click();
  const sandbox = await subscribeOnCheckoutPage(page, { name, line1: "7 Orchard Row", city: "Norwich", postcode: "NR1 3QU" }, check);
  await expect(page).toHaveURL(/\/dashboard\/subscriptions\?session_id=cs_/);
  await expect(main.getByRole("table")).toContainText("£199.00");
  await expect(main.getByRole("table")).toContainText(/Waiting for your check-in: complete it before/);
  await check(page, "subscriptions");
  const subscription = await subscriptionIdShown(page);

  // The first invoice made the first order; the dashboard lists everything it waits for.
  await page.goto("/dashboard");
  const tasks = main.getByRole("region", { name: "Tasks" });
  await expect(tasks.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
  await expect(tasks.getByRole("heading", { name: "Send your weight verification photo" })).toBeVisible();
  // The GP was given with the assessment: no GP task.
  await expect(tasks.getByRole("heading", { name: "Tell us about your GP" })).toHaveCount(0);
  await expect(tasks.getByRole("heading", { name: /^Complete your check-in before / })).toBeVisible();
  const reference = orderReference(await tasks.getByRole("link", { name: /^Send your photo for order OR-/ }).textContent());
  expect(reference, "the first order's reference in its weight task").not.toBeNull();

  await verifyIdentityFromDashboard(page, { name, dateOfBirth }, "Verified", within("identity"));
  await expect(main).toContainText("Your identity is verified.");
  await check(page, "identity-verified");

  await sendWeightPhoto(page, reference!, within("weight"));

  await page.goto("/dashboard");
  await expect(tasks.getByRole("heading", { name: /^Complete your check-in before / })).toBeVisible();
  await expect(tasks.getByRole("heading", { name: /Verify your identity|Tell us about your GP/ })).toHaveCount(0);

  // A pharmacist (not the patient) sees what is still needed, verifies the weight, dispenses.
  const pharmacist = await pharmacistPage(browser, baseURL, "Kit Dispenser");
  await reviewOrder(pharmacist, reference!);
  const checks = pharmacist.getByRole("main").getByRole("region", { name: "Before supply" });
  await expect(checks).toContainText("Needed before supply");
  await expect(pharmacist.getByRole("button", { name: "Dispense" })).toBeDisabled();
  await expectWeightPhoto(pharmacist);
  await check(pharmacist, "pharmacist-order-before");
  await recordVerifiedWeight(pharmacist, { weightKg: "101.5", note: "Scales legible, date matches." });
  await expect(checks).toContainText("Verified BMI 31.3 meets the rule for Mounjaro");
  await expect(checks).toContainText(`A letter will be sent to ${practice}.`);
  await expect(checks).toContainText("name and date of birth match");
  await expect(checks).toContainText("Waiting for a prescriber.");
  await expect(pharmacist.getByRole("main").getByRole("region", { name: "Review" })).toContainText("A prescriber must prescribe this medicine before it is dispensed.");
  await expect(pharmacist.getByRole("button", { name: "Dispense" })).toBeDisabled();
  await check(pharmacist, "pharmacist-order-checks-met");
  await pharmacist.getByRole("button", { name: "Put back in the queue" }).click();
  await expect(pharmacist.getByText("Nobody is reviewing this order.")).toBeVisible();

  // A prescriber prescribes it from their list; the pharmacist then dispenses what was prescribed.
  const prescriber = await staffPage(browser, baseURL, await makePrescriber("Dr Noor Haddad"), "/staff/orders");
  await prescribeOrder(prescriber, reference!, "Start at 2.5 mg once weekly.", within("prescribe"));
  await reviewOrder(pharmacist, reference!);
  const authorisation = pharmacist.getByRole("main").getByRole("definition").filter({ hasText: "Dr Noor Haddad" });
  await expect(authorisation.first()).toBeVisible();
  await expect(pharmacist.getByRole("main")).toContainText("Start at 2.5 mg once weekly.");
  await expect(checks).not.toContainText("Needed before supply");
  await check(pharmacist, "pharmacist-order-prescribed");
  await dispenseOrder(pharmacist);
  await check(pharmacist, "pharmacist-order-dispensed");

  // The dispense wrote the letter to the GP, which the patient reads in their documents.
  await page.goto("/dashboard/account-settings/medical-documents");
  const letters = main.getByRole("region", { name: "Letters to your GP" });
  await expect(letters).toContainText("Mounjaro");
  await expect(letters).toContainText(`To ${practice}`);
  await expect(letters).toContainText(/(Being emailed|Emailed) to your practice/);
  await expect(letters).toContainText(reference!);
  await check(page, "medical-documents");

  // The first renewal: the patient's check-in, a prescriber's approval.
  const answers = { weightKg: "99.4", dose: "Stay on 2.5 mg" };
  const checkIn = await answerCheckIn(page, "dashboard", answers, { scan: within("check-in") });
  await approveCheckIn(prescriber, checkIn, { prescriberName: "Dr Noor Haddad", answers, verifiedWeightKg: "99.2" }, within("check-in"));
  await prescriber.context().close();

  // The renewal date comes: charged, and its order joins the first in the patient's orders.
  await renewInSandbox(page.request, sandbox, subscription);
  const history = main.getByRole("region", { name: "Order history" });
  await expect(async () => {
    await page.goto("/dashboard/orders");
    await expect(history.getByRole("heading", { level: 3, name: /^Order OR-/ })).toHaveCount(2);
  }).toPass({ timeout: 20_000 });
  const renewal = orderReference(await history.getByRole("heading", { level: 3 }).first().textContent());
  expect(renewal).not.toBe(reference);
  await check(page, "orders");

  // The pharmacist's order view shows the check-in that allowed it.
  await reviewRenewal(pharmacist, renewal!);
  await expectRenewalCheckIn(pharmacist, checkIn, { prescriberName: "Dr Noor Haddad", answers, approvedDose: "2.5 mg" });
  await check(pharmacist, "pharmacist-renewal-order");
  await pharmacist.context().close();
});

/** The renewal's order, opened from the pharmacist's queue. */
async function reviewRenewal(pharmacist: Page, reference: string) {
  await findInQueue(pharmacist, "/staff/orders", reference);
  await pharmacist.getByRole("main").getByRole("link", { name: reference }).click();
  await expect(pharmacist.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
}
