import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import pg from "pg";
import shortPath from "../tests/fixtures/prescription-answers.json";
import sharp from "sharp";
import { expect, expectAccessible, test } from "./support/fixtures";
import { createUser, verifyIdentity, type TestUser } from "./support/users";

// The patient's side of the review: a prescriber's question as a dashboard task, the answer
// from the request page, the Orders timeline and Medical documents. The staff side is its
// own journey, so the states it produces are written straight into the database here.

const SHOTS_DIR = "/work/shots/patient";
const QUESTION = "Have you used any hair-loss treatment in the last 3 months?";
const ANSWERS = shortPath;

function reference(prefix: string) {
  return `${prefix}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

/** A paid request of the user's, in `status`, with its questionnaire, one photo and (AWAITING_PATIENT) the prescriber's question. */
async function seedRequest(email: string, status: "AWAITING_PATIENT" | "ISSUED", hoursAgo: number) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("BEGIN");
    const at = `(now() AT TIME ZONE 'UTC') - interval '${hoursAgo} hours'`;
    const { rows: [user] } = await client.query("SELECT id FROM users WHERE email = $1", [email.toLowerCase()]);
    const { rows: [response] } = await client.query(
      `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, created_at, updated_at)
       VALUES (gen_random_uuid(), 'prescription', 1, $1, $2, ${at}, ${at}, ${at}) RETURNING id`,
      [user.id, JSON.stringify(ANSWERS)],
    );
    await client.query(
      `INSERT INTO questionnaire_photos (id, response_id, storage_key, content_type, size_bytes, width, height, display_name, created_at)
       VALUES (gen_random_uuid(), $1, 'photos/' || gen_random_uuid() || '.jpg', 'image/jpeg', 1000, 120, 80, 'crown.jpg', ${at})`,
      [response.id],
    );
    const { rows: [payment] } = await client.query(
      `INSERT INTO payments (id, purpose, amount_pence, status, expires_at, paid_at, created_at, updated_at)
       VALUES (gen_random_uuid(), 'PRESCRIPTION', 1999, 'PAID', ${at} + interval '30 minutes', ${at}, ${at}, ${at}) RETURNING id`,
    );
    const ref = reference("PR");
    const { rows: [request] } = await client.query(
      `INSERT INTO prescription_requests (id, reference, response_id, user_id, email, status, payment_id, price_pence, submitted_at, due_at, decided_at, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::"PrescriptionStatus", $6, 1999, ${at}, ${at} + interval '24 hours', CASE WHEN $7::boolean THEN ${at} + interval '2 hours' END, ${at}, ${at})
       RETURNING id`,
      [ref, response.id, user.id, email.toLowerCase(), status, payment.id, status === "ISSUED"],
    );
    if (status === "AWAITING_PATIENT") {
      await client.query(
        `INSERT INTO case_messages (id, request_id, author, body, created_at) VALUES (gen_random_uuid(), $1, 'STAFF', $2, ${at} + interval '1 hour')`,
        [request.id, QUESTION],
      );
    } else {
      await client.query(
        `INSERT INTO prescriptions (id, reference, request_id, prescriber_name, prescriber_registration, patient_name, patient_date_of_birth, medicine, dose, quantity, directions, issued_at, dispense_code)
         VALUES (gen_random_uuid(), $1, $2, 'Dr Jane Smith', 'GMC 1234567', 'Alex Morgan', '1990-05-17', 'Finasteride 1 mg tablets', '1 mg once daily', '28 tablets', 'Take one tablet daily.', ${at} + interval '2 hours', '482913')`,
        [reference("RX"), request.id],
      );
    }
    await client.query("COMMIT");
    return { id: request.id as string, reference: ref };
  } finally {
    await client.end();
  }
}

async function logIn(page: Page, user: TestUser) {
  await page.goto("/login?next=/dashboard");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email" }).fill(user.email);
  await main.getByLabel("Password", { exact: true }).fill(user.password);
  await main.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Full-page screenshots at desktop and phone widths for the lead (SHOTS=1). */
async function shoot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

test.describe("patient prescriptions", () => {
  test("answer the prescriber's question from the dashboard, follow the timeline, open medical documents", async ({ page }) => {
    const user = await createUser({ name: "Alex Morgan" });
    const issued = await seedRequest(user.email, "ISSUED", 72);
    const awaiting = await seedRequest(user.email, "AWAITING_PATIENT", 5);
    // Identity is its own journey (identity.spec.ts): this patient verified already, so the
    // request's only task is the prescriber's question.
    await verifyIdentity(user, { firstName: "Alex", lastName: "Morgan", dateOfBirth: "1990-05-17" });
    const main = page.getByRole("main");

    // The question is a task on the dashboard.
    await logIn(page, user);
    const tasks = main.getByRole("region", { name: "Tasks" });
    await expect(tasks.getByRole("heading", { name: "A prescriber has a question for you" })).toBeVisible();
    await expect(tasks.getByText("You are all set")).toHaveCount(0);
    await expectAccessible(page);

    // The request page: the question in the thread, the timeline at "Question for you".
    await tasks.getByRole("link", { name: /Answer the question/ }).click();
    await page.waitForURL(`**/dashboard/orders/prescriptions/${awaiting.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Prescription request ${awaiting.reference}`);
    const progress = main.getByRole("list", { name: `Progress of request ${awaiting.reference}` });
    await expect(progress.locator('[aria-current="step"]')).toContainText("Question for you");
    const messages = main.getByRole("region", { name: "Messages" });
    await expect(messages).toContainText(QUESTION);
    await expect(main.getByRole("region", { name: "Your answers" })).toContainText("17 May 1990");
    await page.waitForFunction(() => {
      const button = document.querySelector("main form button[type=submit]");
      return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
    });
    await expectAccessible(page);
    await shoot(page, "request-awaiting");

    // An empty answer is refused in the form; then the answer goes with a photo.
    await messages.getByRole("button", { name: "Send answer" }).click();
    await expect(messages.getByLabel("Answer the prescriber's question")).toBeFocused();
    await expect(messages.getByText("Please write your answer to the prescriber.")).toBeVisible();
    await expectAccessible(page);
    await messages.getByLabel("Answer the prescriber's question").fill("Minoxidil foam until March, nothing since.");
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 120, b: 90 } } }).jpeg().toBuffer();
    await messages.getByLabel("Add a photo (optional)").setInputFiles({ name: "crown-today.jpg", mimeType: "image/jpeg", buffer: photo });
    await messages.getByRole("button", { name: "Send answer" }).click();
    await expect(messages.getByRole("status")).toContainText("Your answer has been sent to the prescriber.");
    await expect(progress.locator('[aria-current="step"]')).toContainText("Back in review");
    await expect(messages.getByRole("listitem").filter({ hasText: "Minoxidil foam until March" })).toContainText("You");
    await expect(messages.getByRole("link", { name: "crown-today.jpg" })).toHaveAttribute("href", /\/messages\/[0-9a-f-]+\/photo$/);
    await expect(messages.getByRole("button", { name: "Send answer" })).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, "request-answered");

    // Nothing left to do but the invitation (not blocking) to add baseline progress photos.
    await page.goto("/dashboard");
    const left = main.getByRole("region", { name: "Tasks" });
    await expect(left.getByRole("heading", { name: "Add your baseline progress photos" })).toBeVisible();
    await expect(left.getByRole("heading", { level: 3 })).toHaveCount(1);

    // Orders: both requests, newest first, each with its timeline.
    await page.goto("/dashboard/orders");
    const requests = main.getByRole("region", { name: "Prescription requests" });
    await expect(requests.getByRole("heading", { level: 3 })).toHaveText([`Prescription request ${awaiting.reference}`, `Prescription request ${issued.reference}`]);
    await expect(requests.getByRole("list", { name: `Progress of request ${awaiting.reference}` }).locator('[aria-current="step"]')).toContainText("Back in review");
    await expect(requests.getByRole("list", { name: `Progress of request ${issued.reference}` }).locator('[aria-current="step"]')).toContainText("Prescription issued");
    await expect(main.getByRole("region", { name: "Order history" })).toContainText("You have no orders yet.");
    await expectAccessible(page);
    await shoot(page, "orders");

    // The issued request links to its printable prescription and PDF.
    await requests.getByRole("link", { name: `View request ${issued.reference}` }).click();
    await page.waitForURL(`**/dashboard/orders/prescriptions/${issued.id}`);
    await expect(main.getByRole("link", { name: "View and print prescription" })).toHaveAttribute("href", /^\/dashboard\/prescriptions\/RX-/);
    await expect(main.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", /^\/api\/prescription-documents\/RX-[A-Z0-9]+\/pdf$/);
    await expectAccessible(page);
    await shoot(page, "request-issued");

    // Account Settings → Medical documents.
    await page.goto("/dashboard/account-settings");
    await main.getByRole("link", { name: /Medical documents/ }).click();
    await page.waitForURL("**/dashboard/account-settings/medical-documents");
    await expect(main.getByRole("region", { name: "Prescriptions" })).toContainText("Finasteride 1 mg tablets");
    await expect(main.getByRole("region", { name: "Questionnaire answers" }).getByRole("link", { name: /View answers/ })).toHaveCount(2);
    await expect(main.getByRole("region", { name: "Photos" }).getByRole("listitem").filter({ hasText: "crown-today.jpg" })).toHaveCount(1);
    await expectAccessible(page);
    await shoot(page, "medical-documents");

    // The answers' JSON download, and one questionnaire's answers page.
    const download = await page.request.get(await main.getByRole("link", { name: /Download \(JSON\)/ }).first().getAttribute("href") as string);
    expect(download.status()).toBe(200);
    expect((await download.json()).answers.length).toBeGreaterThan(10);
    await main.getByRole("link", { name: /View answers/ }).first().click();
    await page.waitForURL(/\/medical-documents\/questionnaires\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prescription questionnaire");
    await expect(main.getByRole("region", { name: "Your answers" })).toContainText("Thinning, Shedding");
    await expectAccessible(page);
    await shoot(page, "questionnaire-answers");
  });
});
