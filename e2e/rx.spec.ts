import { randomInt } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { shoot as shootTo } from "./support/screenshots";
import { createPharmacyUser, createUser, enterSecondFactor, waitForHydratedForm, type TestUser } from "./support/users";

// The issued prescription after the review: the patient's printable copy and PDF, anyone
// checking it at /rx/{reference} (the QR code's target), and a pharmacy account signing in
// there to mark it dispensed. Screenshots for review with SHOTS=1 (to /work/shots/rx, or SHOTS_DIR).

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
const SHOTS_DIR = `${process.env.SHOTS_DIR ?? "/work/shots"}/rx`;

type Issued = { reference: string; code: string };

/** A paid request with an issued prescription for `user`, written to the e2e database as the review leaves it. */
async function issuePrescription(user: TestUser): Promise<Issued> {
  const reference = `RX-${group()}-${group()}-${group()}`;
  const code = String(randomInt(100_000_000)).padStart(8, "0");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [user.email.toLowerCase()]);
    const userId = rows[0]!.id;
    const now = "now() AT TIME ZONE 'UTC'";
    const response = await client.query<{ id: string }>(
      `INSERT INTO questionnaire_responses (id, definition, definition_version, user_id, answers, submitted_at, updated_at)
       VALUES (gen_random_uuid(), 'prescription', 1, $1, '{}', ${now} - interval '1 day', ${now}) RETURNING id`,
      [userId],
    );
    const payment = await client.query<{ id: string }>(
      `INSERT INTO payments (id, purpose, amount_pence, status, expires_at, paid_at, updated_at)
       VALUES (gen_random_uuid(), 'PRESCRIPTION', 1999, 'PAID', ${now}, ${now} - interval '1 day', ${now}) RETURNING id`,
    );
    const request = await client.query<{ id: string }>(
      `INSERT INTO prescription_requests (id, reference, response_id, user_id, email, status, payment_id, price_pence, submitted_at, due_at, decided_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, 'ISSUED', $5, 1999, ${now} - interval '1 day', ${now}, ${now}, ${now}) RETURNING id`,
      [`PR-${group()}${group().slice(0, 2)}`, response.rows[0]!.id, userId, user.email.toLowerCase(), payment.rows[0]!.id],
    );
    await client.query(
      `INSERT INTO prescriptions (id, reference, request_id, prescriber_name, prescriber_registration, patient_name, patient_date_of_birth,
         medicine, dose, quantity, directions, issued_at, dispense_code)
       VALUES (gen_random_uuid(), $1, $2, 'Dr Sam Patel', 'GMC 7654321', 'Priya Shah', '1988-03-02',
         'Finasteride 1 mg film-coated tablets', '1 mg once a day', '28 tablets', 'Take one tablet by mouth once a day.', ${now}, $3)`,
      [reference, request.rows[0]!.id, code],
    );
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
  return { reference, code };
}

const shoot = (page: Page, name: string) => shootTo(page, "rx", name);

async function logIn(page: Page, user: TestUser, expectPath: RegExp) {
  const main = page.getByRole("main");
  await waitForHydratedForm(page);
  await main.getByRole("textbox", { name: "Email" }).fill(user.email);
  await main.getByLabel("Password", { exact: true }).fill(user.password);
  await waitForHydratedForm(page);
  await main.getByRole("button", { name: "Log in" }).click();
  await enterSecondFactor(page, user);
  await page.waitForURL(expectPath);
}

test.describe("issued prescription", () => {
  test("the patient prints and downloads it; anyone checks it; a pharmacy account signs in and marks it dispensed once", async ({ page }) => {
    // Two sign-ins, many axe scans and (with SHOTS=1) desktop and phone screenshots: a slow machine needs longer than the default.
    test.setTimeout(420_000);
    const user = await createUser({ name: "Priya Shah" });
    const { reference, code } = await issuePrescription(user);
    const printedCode = `${code.slice(0, 4)} ${code.slice(4)}`;
    const main = page.getByRole("main");

    // The patient's printable copy, behind sign-in.
    await page.goto(`/dashboard/prescriptions/${reference}`);
    await expect(page).toHaveURL(/\/login\?next=/);
    await logIn(page, user, new RegExp(`/dashboard/prescriptions/${reference}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your prescription");
    const sheet = main.getByRole("article", { name: "Private prescription" });
    for (const text of [reference, "Priya Shah", "2 March 1988", "Finasteride 1 mg film-coated tablets", "1 mg once a day", "28 tablets", "Dr Sam Patel", "GMC 7654321", printedCode, "Valid for 6 months from the date of issue.", "Not yet dispensed."]) {
      await expect(sheet).toContainText(text);
    }
    await expect(sheet.getByRole("img", { name: new RegExp(`QR code that opens https?://.+/rx/${reference}$`) })).toBeVisible();
    await expect(main.getByRole("button", { name: "Print" })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "printable");
    // Printed, only the sheet remains.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Primary" })).toBeHidden();
    await expect(sheet).toBeVisible();
    if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS_DIR}/printable-print-media.png`, fullPage: true });
    await page.emulateMedia({ media: "screen" });

    const [download] = await Promise.all([page.waitForEvent("download"), main.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe(`prescription-${reference}.pdf`);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Anyone (no account) opens the QR code's address: genuine, but no dispensing form.
    await page.context().clearCookies();
    const response = await page.goto(`/rx/${reference}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toMatch(/private/);
    expect(response?.headers()["cache-control"]).toMatch(/no-store/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Genuine prescription");
    for (const text of ["Finasteride 1 mg film-coated tablets", "28 tablets", "Dr Sam Patel", "GMC 7654321", "P. S.", "1988"]) {
      await expect(main).toContainText(text);
    }
    for (const secret of ["Priya", "Shah", "2 March 1988", "1988-03-02", printedCode, code, "Take one tablet"]) {
      await expect(main).not.toContainText(secret);
    }
    await expect(main.getByRole("form", { name: "Mark as dispensed" })).toHaveCount(0);
    const signInLink = main.getByRole("link", { name: "Sign in as a pharmacy to mark this dispensed" });
    await expect(signInLink).toHaveAttribute("href", `/login?next=${encodeURIComponent(`/rx/${reference}`)}`);
    await expectAccessible(page);
    await shoot(page, "rx-sign-in-prompt");

    // A pharmacy account signs in from there and comes back to the prescription.
    const pharmacy = await createPharmacyUser({ pharmacyName: "Camden Pharmacy", premisesNumber: "1234567" });
    await signInLink.click();
    await page.waitForURL(/\/login\?next=/);
    await logIn(page, pharmacy, new RegExp(`/rx/${reference}$`));
    const form = main.getByRole("form", { name: "Mark as dispensed" });
    await expect(form).toContainText("Dispensing as Camden Pharmacy (GPhC 1234567).");
    await expect(form.getByRole("textbox", { name: "Pharmacy name" })).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, "rx-dispensing-form");

    const wrong = String((Number(code) + 1) % 100_000_000).padStart(8, "0");
    await form.getByRole("textbox", { name: "Dispensing code" }).fill(wrong);
    await form.getByRole("button", { name: "Mark as dispensed" }).click();
    await expect(form.getByRole("alert")).toHaveText("That code does not match this prescription.");
    await expect(form.getByRole("textbox", { name: "Dispensing code" })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await shoot(page, "rx-wrong-code");

    await form.getByRole("textbox", { name: "Dispensing code" }).fill(printedCode);
    await form.getByRole("button", { name: "Mark as dispensed" }).click();
    await expect(form.getByRole("status")).toHaveText(/^Marked as dispensed on \d{1,2} \w+ \d{4} by Camden Pharmacy \(GPhC 1234567\)\.$/);
    await expect(form.getByRole("textbox")).toHaveCount(0);

    await page.reload();
    await expect(main).toContainText(/Dispensed on \d{1,2} \w+ \d{4} by Camden Pharmacy \(GPhC 1234567\)\. It cannot be dispensed again\./);
    await expect(main.getByRole("form", { name: "Mark as dispensed" })).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, "rx-dispensed");

    // The pharmacy's own page: where it lands after signing in, with a reference form (POST,
    // then a redirect: no reference in a query string). It is not staff.
    await page.goto("/dashboard");
    await page.waitForURL(/\/pharmacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Camden Pharmacy");
    for (const text of ["1234567", "1 High Street, London NW1 1AA", "Priya Shah (GPhC 2087654)"]) await expect(main).toContainText(text);
    await expectAccessible(page);
    await shoot(page, "pharmacy-landing");
    const open = main.getByRole("form", { name: "Enter a prescription reference" });
    await open.getByRole("textbox", { name: "Prescription reference" }).fill("not a reference");
    await open.getByRole("button", { name: "Open prescription" }).click();
    await expect(open.getByRole("alert")).toHaveText("Enter the reference printed on the prescription, for example RX-7K3Q-9DMP-4XHT.");
    await expectAccessible(page);
    await open.getByRole("textbox", { name: "Prescription reference" }).fill(reference.toLowerCase());
    await open.getByRole("button", { name: "Open prescription" }).click();
    await page.waitForURL(new RegExp(`/rx/${reference}$`));
    await expect(main).toContainText(/It cannot be dispensed again\./);
    expect((await page.goto("/staff/orders"))?.status()).toBe(404);

    // A reference no prescription has.
    const unknown = await page.goto("/rx/RX-2222-3333-4444");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prescription not found");
    await expect(main).toContainText("We could not find this prescription. It may not be genuine.");
    await expectAccessible(page);
    await shoot(page, "rx-unknown");

    // The patient's copy is the patient's alone; it now says who dispensed it.
    expect((await page.goto(`/dashboard/prescriptions/${reference}`))?.status()).toBe(404);
    await page.context().clearCookies();
    await page.goto(`/dashboard/prescriptions/${reference}`);
    await logIn(page, user, new RegExp(`/dashboard/prescriptions/${reference}$`));
    await expect(main.getByRole("article", { name: "Private prescription" })).toContainText(/Dispensed on \d{1,2} \w+ \d{4} by Camden Pharmacy \(GPhC 1234567\)\./);
  });
});
