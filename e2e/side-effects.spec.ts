import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";
import { logIn, pharmacistPage } from "./support/journeys";
import { shoot as takeShots } from "./support/screenshots";
import { createUser, waitForHydratedForm, type TestUser } from "./support/users";

// Side effects: a patient reports one (not serious, then serious: the 999 message), and a
// pharmacist meets the flag on the patient's later order, opens the report, answers and
// triages it, which clears that flag. The orders are written straight into the database,
// as a dispensed and dispatched order (the treatment received) and a paid later order leave them.

const shoot = (page: Page, name: string) => takeShots(page, "side-effects", name);

async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const code = () => randomUUID().replace(/[^2-9A-HJKMNP-Z]/gi, "").toUpperCase().slice(0, 5);

/** A paid order of `patient` with one medicine line, in `status`, paid `daysAgo` days ago; returns its id. */
async function createOrder(patient: TestUser, status: "DISPATCHED" | "AWAITING_PHARMACIST", daysAgo: number): Promise<string> {
  const id = randomUUID();
  const paymentId = randomUUID();
  await withDb(async (client) => {
    const { rows: users } = await client.query<{ id: string }>("SELECT id::text FROM users WHERE email = $1", [patient.email.toLowerCase()]);
    const { rows: products } = await client.query<{ id: string; name: string }>(
      "SELECT id, name FROM products WHERE kind = 'PHARMACY_MEDICINE' OR kind = 'PRESCRIPTION_ONLY' ORDER BY slug LIMIT 1",
    );
    const paidAt = `now() AT TIME ZONE 'UTC' - interval '${daysAgo} days'`;
    await client.query(
      `INSERT INTO payments (id, purpose, amount_pence, status, expires_at, payment_intent_id, paid_at, updated_at)
       VALUES ($1, 'ORDER', 3398, 'PAID', ${paidAt}, $2, ${paidAt}, now() AT TIME ZONE 'UTC')`,
      [paymentId, `pi_e2e_${paymentId.slice(0, 8)}`],
    );
    await client.query(
      `INSERT INTO orders (id, reference, user_id, email, customer_key, status, payment_id, delivery_option_slug, delivery_name, delivery_pence,
         subtotal_pence, total_pence, ship_name, ship_line1, ship_city, ship_postcode, needs_review, checkout_fingerprint, paid_at,
         dispatched_at, tracking_reference, updated_at)
       VALUES ($1, $2, $3, $4, $4, $5::"OrderStatus", $6, 'standard', 'Standard delivery', 399, 2999, 3398, $7, '1 High Street', 'Leeds', 'LS1 4AP',
         true, $8, ${paidAt}, CASE WHEN $5 = 'DISPATCHED' THEN ${paidAt} END, CASE WHEN $5 = 'DISPATCHED' THEN 'RM123456789GB' END, now() AT TIME ZONE 'UTC')`,
      [id, `OR-E${code()}`, users[0]!.id, patient.email.toLowerCase(), status, paymentId, patient.name, randomUUID()],
    );
    await client.query(
      `INSERT INTO order_lines (id, order_id, product_id, product_kind, name, duration_label, unit_price_pence, quantity, stock_units, line_total_pence)
       SELECT $1, $2, p.id, p.kind, p.name, '1 month', 2999, 1, 1, 2999 FROM products p WHERE p.id = $3`,
      [randomUUID(), id, products[0]!.id],
    );
  });
  return id;
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function fillReport(page: Page, report: { description: string; started: string; severity: string; flags?: string[] }) {
  const main = page.getByRole("main");
  await waitForHydratedForm(page);
  await main.getByRole("combobox", { name: "Which treatment is it about?" }).selectOption({ index: 1 });
  await main.getByRole("textbox", { name: "What happened?" }).fill(report.description);
  await main.getByLabel("When did it start?").fill(report.started);
  await main.getByRole("radio", { name: new RegExp(`^${report.severity}`) }).check();
  for (const flag of report.flags ?? []) await main.getByRole("checkbox", { name: flag }).check();
}

test.describe("side effects", () => {
  test("a patient reports side effects (the serious one tells them to call 999); the pharmacist sees the flag on a later order and triages it", async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const patient = await createUser({ name: "Jordan Ellis" });
    await createOrder(patient, "DISPATCHED", 40);
    const laterOrderId = await createOrder(patient, "AWAITING_PHARMACIST", 0);
    const main = page.getByRole("main");

    await logIn(page, patient, "/dashboard/side-effects");
    await expect(page.getByRole("heading", { level: 1, name: "Side effects" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Account" }).first().getByRole("link", { name: "Side effects" })).toHaveAttribute("aria-current", "page");
    await expect(main.getByRole("link", { name: /MHRA Yellow Card scheme/ })).toHaveAttribute("href", "https://yellowcard.mhra.gov.uk/");
    await expectAccessible(page);
    await shoot(page, "patient-list-empty");

    // Not serious: a mild side effect.
    await main.getByRole("link", { name: "Report a side effect" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Report a side effect" })).toBeVisible();
    await waitForHydratedForm(page);
    await expectAccessible(page);
    await shoot(page, "patient-form");
    await main.getByRole("button", { name: "Send report" }).click();
    await expect(main.getByRole("alert")).toContainText("Please check the highlighted fields.");
    await expect(main.getByText("Please describe the side effect.")).toBeVisible();
    await expect(main.getByRole("combobox", { name: "Which treatment is it about?" })).toBeFocused();
    await expectAccessible(page);
    await shoot(page, "patient-form-errors");
    await fillReport(page, { description: "Itchy, flaky scalp where I apply it, most evenings.", started: daysAgo(6), severity: "Mild" });
    await main.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you: your report has been sent" })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/side-effects\/[0-9a-f-]{36}\?reported=1$/);
    await expect(main.getByRole("alert")).toHaveCount(0);
    await expect(main.getByRole("region", { name: "What you reported" })).toContainText("Itchy, flaky scalp");
    await expect(main.getByRole("link", { name: /MHRA Yellow Card scheme/ })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "patient-confirmation");

    // Serious: a red-flag symptom.
    await page.goto("/dashboard/side-effects/new");
    await fillReport(page, { description: "My lips swelled up and I felt short of breath this morning.", started: daysAgo(0), severity: "Moderate", flags: ["Difficulty breathing"] });
    await expect(main.getByText("These symptoms need help now: call 999")).toBeVisible();
    await main.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you: your report has been sent" })).toBeVisible();
    const alert = main.getByRole("alert");
    await expect(alert).toContainText("Call 999 now");
    await expect(alert.getByRole("link", { name: "call 999" })).toHaveAttribute("href", "tel:999");
    await expect(alert.getByRole("link", { name: "NHS 111" })).toHaveAttribute("href", "tel:111");
    const seriousUrl = page.url();
    await expectAccessible(page);
    await shoot(page, "patient-serious");

    await page.goto("/dashboard/side-effects");
    await expect(main.getByRole("list", { name: "Your reports" }).getByRole("listitem")).toHaveCount(2);
    await expectAccessible(page);
    await shoot(page, "patient-list");

    // The pharmacist: the later order shows both flags; the serious report is opened, answered and triaged.
    const staff = await pharmacistPage(browser, baseURL, "Lee Chemist");
    const staffMain = staff.getByRole("main");
    await staff.goto(`/staff/orders/${laterOrderId}`);
    const flags = staffMain.getByRole("region", { name: "Side effects reported" });
    await expect(flags.getByRole("listitem")).toHaveCount(2);
    await expect(flags).toContainText(/Side effect reported on .+: mild/);
    await expect(flags).toContainText(/Side effect reported on .+: moderate \(serious: told to call 999 or 111\)/);
    await expectAccessible(staff);
    await shoot(staff, "staff-order-flags");

    await staff.goto("/staff/side-effects");
    await expect(staff.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Side effects" })).toBeVisible();
    // Other journeys' reports may wait in the same list: this patient's two are found by reference.
    const reports = await withDb(async (client) =>
      (await client.query<{ reference: string; serious: boolean }>("SELECT r.reference, r.serious FROM side_effect_reports r JOIN users u ON u.id = r.user_id WHERE u.email = $1", [patient.email.toLowerCase()])).rows,
    );
    expect(reports).toHaveLength(2);
    const serious = reports.find((report) => report.serious)!;
    const open = staffMain.getByRole("list", { name: /Waiting for triage/ });
    for (const report of reports) await expect(open.getByRole("listitem").filter({ hasText: report.reference })).toHaveCount(1);
    const seriousItem = open.getByRole("listitem").filter({ hasText: serious.reference });
    await expect(seriousItem).toContainText("Serious: told to call 999 or 111");
    await expectAccessible(staff);
    await shoot(staff, "staff-list");

    await seriousItem.getByRole("link").click();
    await expect(staff.getByRole("heading", { level: 1, name: /Side-effect report SE-/ })).toBeVisible();
    await expect(staffMain.getByRole("region", { name: "Report" })).toContainText("Difficulty breathing");
    await expect(staffMain.getByRole("region", { name: "Report" })).toContainText("Jordan Ellis");
    await waitForHydratedForm(staff);
    await expectAccessible(staff);
    await shoot(staff, "staff-report");
    await staffMain.getByRole("textbox", { name: "Write to the patient" }).fill("Please call 999 now if the swelling returns. Stop the treatment; we will call you today.");
    await staffMain.getByRole("button", { name: "Send to the patient" }).click();
    await expect(staffMain.getByRole("region", { name: "Messages with the patient" })).toContainText("we will call you today");
    const triage = staffMain.getByRole("region", { name: "Triage" });
    await triage.getByRole("button", { name: "Record triage" }).click();
    await expect(triage.getByText("Choose the outcome.")).toBeVisible();
    await expectAccessible(staff);
    await triage.getByRole("radio", { name: "Treatment paused" }).check();
    await triage.getByRole("textbox", { name: "Note" }).fill("Phoned the patient: treatment paused, advised to see their GP; Yellow Card submitted.");
    await triage.getByRole("button", { name: "Record triage" }).click();
    await expect(staff.getByText("Triaged", { exact: true })).toBeVisible();
    await expect(staffMain.getByRole("region", { name: "Report" })).toContainText("Treatment paused (by Lee Chemist)");
    await expectAccessible(staff);
    await shoot(staff, "staff-report-triaged");

    await staff.goto(`/staff/orders/${laterOrderId}`);
    await expect(staffMain.getByRole("region", { name: "Side effects reported" }).getByRole("listitem")).toHaveCount(1);
    await expect(staffMain.getByRole("region", { name: "Side effects reported" })).not.toContainText("serious");
    await staff.context().close();

    // The patient reads the answer and the outcome.
    await page.goto(seriousUrl.replace("?reported=1", ""));
    await expect(main.getByRole("region", { name: "Messages with our clinical team" })).toContainText("we will call you today");
    await expect(main.getByRole("region", { name: "What you reported" })).toContainText("Treatment paused");
    await expect(main.getByRole("region", { name: "What you reported" })).not.toContainText("Phoned the patient");
    await expectAccessible(page);
    await shoot(page, "patient-report-answered");
  });
});
