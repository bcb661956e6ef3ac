import { randomInt, randomUUID } from "node:crypto";
import pg from "pg";
import shortPath from "../tests/fixtures/prescription-answers.json";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { findInQueue, logIn } from "./support/journeys";
import { shoot as takeShots } from "./support/screenshots";
import { createUser, makeStaff, verifyIdentity, waitForHydratedForm, type TestUser } from "./support/users";

// The prescriber's review: sign in, the queue, a case (answers, claim, a question for the
// patient), issuing on a second case, the admin's audit log, and a patient kept out. Paid
// requests are written straight into the database, as a paid checkout leaves them.

// The shared valid path, for another patient.
const ANSWERS = { ...shortPath, 1: { choice: null, text: "Priya Shah" }, 2: { choice: null, text: "1988-03-09" }, 3: { choice: "Female", text: "" } };

async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An account with a staff role (and, for prescribers, a GMC registration). */
async function createStaffUser(role: "PRESCRIBER" | "ADMIN", name: string): Promise<TestUser> {
  const user = await makeStaff(await createUser({ name }), role);
  await withDb(async (client) => {
    await client.query(
      "INSERT INTO staff_profiles (user_id, registration_body, registration_number, updated_at) VALUES ($1, 'GMC', $2, now() AT TIME ZONE 'UTC')",
      [user.id, String(randomInt(1_000_000, 10_000_000))],
    );
  });
  return user;
}

/** A paid, submitted prescription request of `patient`, paid `hoursAgo` hours ago. */
async function createPaidRequest(patient: TestUser, hoursAgo: number): Promise<{ id: string; reference: string }> {
  const id = randomUUID();
  const responseId = randomUUID();
  const paymentId = randomUUID();
  const reference = `PR-E${randomUUID().replace(/[^2-9A-HJKMNP-Z]/gi, "").toUpperCase().slice(0, 5)}`;
  await withDb(async (client) => {
    const { rows } = await client.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [patient.email.toLowerCase()]);
    const userId = rows[0]!.id;
    const paidAt = `now() AT TIME ZONE 'UTC' - interval '${hoursAgo} hours'`;
    await client.query(
      `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, updated_at)
       VALUES ($1, 'prescription', 1, $2, $3, ${paidAt}, now() AT TIME ZONE 'UTC')`,
      [responseId, userId, JSON.stringify(ANSWERS)],
    );
    await client.query(
      `INSERT INTO payments (id, purpose, amount_pence, status, expires_at, payment_intent_id, paid_at, updated_at)
       VALUES ($1, 'PRESCRIPTION', 1999, 'PAID', ${paidAt}, $2, ${paidAt}, now() AT TIME ZONE 'UTC')`,
      [paymentId, `pi_e2e_${paymentId.slice(0, 8)}`],
    );
    await client.query(
      `INSERT INTO prescription_requests (id, reference, response_id, user_id, email, status, payment_id, price_pence, submitted_at, due_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'SUBMITTED', $6, 1999, ${paidAt}, ${paidAt} + interval '24 hours', now() AT TIME ZONE 'UTC')`,
      [id, reference, responseId, userId, patient.email.toLowerCase(), paymentId],
    );
  });
  return { id, reference };
}

const shoot = (page: Page, name: string) => takeShots(page, "staff", name);

test.describe("staff review", () => {
  test("a prescriber works the queue: claims and asks on one case, issues on another; the admin reads the audit log", async ({ page }) => {
    test.setTimeout(120_000);
    const patient = await createUser({ name: "Priya Shah" });
    // Identity is its own journey (identity.spec.ts): this patient verified already.
    await verifyIdentity(patient, { firstName: "Priya", lastName: "Shah", dateOfBirth: ANSWERS[2].text });
    const prescriber = await createStaffUser("PRESCRIBER", "Sam Patel");
    const admin = await createStaffUser("ADMIN", "Jo Admin");
    const overdue = await createPaidRequest(patient, 26);
    const fresh = await createPaidRequest(patient, 1);
    const main = page.getByRole("main");

    // Signed out: the staff area sends you to log in and back.
    await page.goto("/staff/prescriptions");
    await expect(page).toHaveURL(/\/login\?next=%2Fstaff%2Fprescriptions$/);
    await logIn(page, prescriber, "/staff/prescriptions");

    await expect(page.getByRole("heading", { level: 1, name: "Prescriptions queue" })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "queue");
    // Each case found by its reference (the queue is oldest first, 50 a page; its order and
    // paging are tested in tests/integration/staff-review/queue-pages.test.ts).
    const open = main.getByRole("list", { name: /Waiting for a decision/ });
    await findInQueue(page, "/staff/prescriptions", fresh.reference);
    await expect(open.getByRole("listitem").filter({ hasText: fresh.reference })).toContainText(/2[23] h( \d+ min)? left/);
    await findInQueue(page, "/staff/prescriptions", overdue.reference);
    const overdueItem = open.getByRole("listitem").filter({ hasText: overdue.reference });
    await expect(overdueItem).toContainText(/Overdue by 2 h/);
    await expectAccessible(page);
    await shoot(page, "queue-found");

    // The overdue case: answers in order, claim it, ask the patient a question.
    await overdueItem.getByRole("link", { name: overdue.reference }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Request ${overdue.reference}` })).toBeVisible();
    const patientCard = main.getByRole("region", { name: "Patient" });
    await expect(patientCard).toContainText("Priya Shah");
    await expect(patientCard).toContainText("9 March 1988");
    await expect(main.getByRole("region", { name: "Answers" })).toContainText("Thinning, Shedding");
    await waitForHydratedForm(page);
    await expectAccessible(page);
    await main.getByRole("button", { name: "Claim this case" }).click();
    await expect(main.getByText("You are reviewing this case")).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "case");
    await main.getByRole("textbox", { name: "Your question" }).fill("Have you used minoxidil before, and for how long?");
    await main.getByRole("button", { name: "Send question" }).click();
    await expect(main.getByText("Waiting for the patient's answer.")).toBeVisible();
    await expect(main.getByRole("region", { name: "Messages" })).toContainText("Have you used minoxidil before");
    await expectAccessible(page);

    // The second case: claim and issue.
    await page.goto(`/staff/prescriptions/${fresh.id}`);
    await waitForHydratedForm(page);
    await main.getByRole("button", { name: "Claim this case" }).click();
    const decision = main.getByRole("region", { name: "Decision" });
    await decision.getByRole("textbox", { name: "Medicine" }).fill("Finasteride 1 mg tablets");
    await decision.getByRole("textbox", { name: "Dose" }).fill("1 mg once daily");
    await decision.getByRole("textbox", { name: "Quantity" }).fill("28 tablets");
    await decision.getByRole("textbox", { name: "Directions" }).fill("Take one tablet by mouth each day.");
    await expectAccessible(page);
    await decision.getByRole("button", { name: "Issue prescription" }).click();
    await expect(main.getByText("This case is closed.")).toBeVisible();
    const review = main.getByRole("region", { name: "Review" });
    await expect(review).toContainText(/RX-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/);
    await expect(review).toContainText("Finasteride 1 mg tablets");
    await expectAccessible(page);

    await findInQueue(page, "/staff/prescriptions", fresh.reference);
    await expect(main.getByRole("list", { name: "Decided in the last 7 days" })).toContainText(fresh.reference);
    await page.goto("/staff");
    await expect(page.getByRole("heading", { level: 1, name: "Staff area" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await expectAccessible(page);

    // The admin reads the audit log for the first case.
    await page.context().clearCookies();
    await logIn(page, admin, "/staff/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expectAccessible(page);
    await main.getByRole("textbox", { name: /Subject id/ }).fill(overdue.id);
    await main.getByRole("button", { name: "Show entries" }).click();
    await expect(page).toHaveURL(new RegExp(`subject=${overdue.id}`));
    const entries = main.getByRole("list", { name: /Entries for/ });
    await expect(entries).toContainText("prescription.question_asked");
    await expect(entries).toContainText("prescription.claimed");
    await expect(entries).toContainText("prescription.viewed");
    await expect(entries).toContainText("Sam Patel");
    await expectAccessible(page);
    await shoot(page, "audit");
    await page.goto("/staff");
    await expectAccessible(page);
    await shoot(page, "home");
  });

  test("a patient's account finds no staff area", async ({ page }) => {
    const patient = await createUser();
    await logIn(page, patient, "/dashboard");
    for (const path of ["/staff", "/staff/prescriptions", "/staff/audit"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Page Not Found");
    }
    await expectAccessible(page);
  });
});
