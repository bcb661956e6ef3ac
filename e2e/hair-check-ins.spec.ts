import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { query } from "./support/db";
import { expect, expectAccessible, test } from "./support/fixtures";
import { findInQueue, logIn } from "./support/journeys";
import { issueFromQueue, makePrescriber, newPerson, payForPlan, payForPrescription } from "./support/prescription-journey";
import { shoot } from "./support/screenshots";
import { createUser, verifyIdentity } from "./support/users";

// Hair-loss check-ins (issue 23): the first assessment invites the baseline photos, every
// check-in of the hair-loss plan sends the same three views, and the prescriber reviewing the
// second check-in sees the sets side by side by date, this check-in's marked.

const shot = (page: Page, name: string) => shoot(page, "hair-check-ins", name);
const photo = (background: string) => sharp({ create: { width: 240, height: 240, channels: 3, background } }).jpeg().toBuffer();

/** Chooses the three views (each input under its framing guide) inside `scope`. */
async function choosePhotos(scope: Locator, shade: string) {
  for (const [label, file] of [["Hairline", "hairline.jpg"], ["Crown", "crown.jpg"], ["Top of the head", "top.jpg"]] as const) {
    await scope.getByLabel(label).setInputFiles({ name: file, mimeType: "image/jpeg", buffer: await photo(shade) });
  }
}

/** Time passes between the sets: each earlier set is moved back (as the sandbox's renew moves its clock on). */
async function ageSets(email: string, days: number) {
  await query("UPDATE progress_photo_sets SET taken_at = taken_at - make_interval(days => $2) WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email.toLowerCase(), days]);
}

async function openCheckIn(email: string): Promise<{ id: string; reference: string; stripeId: string }> {
  let found: { id: string; reference: string; stripe_id: string } | undefined;
  await expect
    .poll(async () => {
      [found] = await query<{ id: string; reference: string; stripe_id: string }>(
        "SELECT c.id, c.reference, s.stripe_subscription_id AS stripe_id FROM check_ins c JOIN subscriptions s ON s.id = c.subscription_id JOIN users u ON u.id = c.user_id WHERE u.email = $1 AND c.status = 'DUE'",
        [email.toLowerCase()],
      );
      return found?.id ?? null;
    })
    .not.toBeNull();
  return { id: found!.id, reference: found!.reference, stripeId: found!.stripe_id };
}

/** The patient answers their open check-in, with today's three photos. */
async function sendCheckIn(page: Page, shade: string, name: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Your check-in" })).toBeVisible();
  await page.waitForFunction(() => Object.keys(document.querySelector("main form button") ?? {}).some((key) => key.startsWith("__reactProps")));
  const photos = main.getByRole("group", { name: "Your progress photos" });
  await choosePhotos(photos, shade);
  await photos.getByRole("button", { name: "Save these photos" }).click();
  await expect(photos.getByRole("status")).toContainText("are saved and will be sent with this check-in");
  // The form's earlier "add your photos" message goes with them.
  await expect(main.getByRole("alert")).toHaveCount(0);
  await main.getByRole("group", { name: "Side effects since your last supply" }).getByRole("radio", { name: "None" }).check();
  await main.getByRole("group", { name: /New medical conditions or medicines/ }).getByRole("radio", { name: "None" }).check();
  await main.getByRole("radio", { name: "Yes, continue" }).check();
  await expectAccessible(page);
  await shot(page, `${name}-ready`);
  await main.getByRole("button", { name: "Send my check-in" }).click();
  await expect(main.getByRole("heading", { level: 2, name: "Check-in sent" })).toBeVisible();
  await expectAccessible(page);
}

/** The prescriber opens the check-in from the queue and claims it; returns its photo comparison. */
async function openCase(staff: Page, reference: string): Promise<Locator> {
  await findInQueue(staff, "/staff/check-ins", reference);
  const main = staff.getByRole("main");
  await main.getByRole("link", { name: reference }).click();
  await expect(main.getByRole("heading", { level: 1, name: `Check-in ${reference}` })).toBeVisible();
  await main.getByRole("button", { name: "Claim this check-in" }).click();
  await expect(main.getByRole("button", { name: "Approve" })).toBeVisible();
  return main.getByRole("region", { name: "Hair progress photos" });
}

test("a hair-loss patient's second check-in with progress photos shown side by side", async ({ page, browser }) => {
  test.setTimeout(360_000);
  const patient = await createUser({ name: "Rowan Hartley" });
  const main = page.getByRole("main");
  await logIn(page, patient, "/dashboard");
  await payForPrescription(page, { name: "Rowan Hartley", plan: /3 Months/ });
  // Identity has its own journey (e2e/identity.spec.ts): here the patient is verified.
  await verifyIdentity(patient, { firstName: "Rowan", lastName: "Hartley", dateOfBirth: "1990-05-17" });

  // The paid assessment: the dashboard invites the baseline photos (not blocking).
  await page.goto("/dashboard");
  const tasks = main.getByRole("region", { name: "Tasks" });
  await expect(tasks.getByRole("heading", { level: 3, name: "Add your baseline progress photos" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "dashboard-baseline-task");
  await page.goto("/dashboard/orders");
  const requests = main.getByRole("region", { name: "Prescription requests" });
  const reference = ((await requests.getByRole("heading", { level: 3 }).first().textContent()) ?? "").replace("Prescription request ", "").trim();
  await requests.getByRole("link", { name: `View request ${reference}` }).click();
  await page.waitForURL(/\/dashboard\/orders\/prescriptions\/[0-9a-f-]+$/);
  const requestUrl = page.url();
  await expect(main.getByRole("region", { name: "Your hair progress photos" })).toContainText("starting point your prescriber compares");
  await expectAccessible(page);
  await shot(page, "request-baseline-invitation");
  await main.getByRole("region", { name: "Your hair progress photos" }).getByRole("link", { name: "Add your baseline progress photos" }).click();
  await expect(main.getByRole("heading", { level: 1, name: "Your hair progress" })).toBeVisible();
  await page.waitForFunction(() => Object.keys(document.querySelector("main form button") ?? {}).some((key) => key.startsWith("__reactProps")));
  const addForm = main.getByRole("form", { name: "Add today's photos" });
  await choosePhotos(addForm, "#a0785a");
  await addForm.getByRole("button", { name: "Save today's photos" }).click();
  await expect(addForm.getByRole("status")).toContainText("Your progress photos are saved.");
  await page.goto("/dashboard");
  await expect(tasks.getByRole("heading", { name: "Add your baseline progress photos" })).toHaveCount(0);
  await ageSets(patient.email, 120);

  // The prescriber issues; the patient starts the plan chosen at checkout.
  const staff = await newPerson(browser);
  await logIn(staff, await makePrescriber("Dr Imogen Reyes"), "/staff/prescriptions");
  await issueFromQueue(staff, reference, { medicine: "Finasteride 1 mg tablets", dose: "1 mg once daily", quantity: "84 tablets", directions: "Take one tablet by mouth each day." });
  await page.goto(requestUrl);
  const sandbox = await payForPlan(page, { name: "Rowan Hartley" });
  await expect(main.getByRole("link", { name: /^Progress photos of subscription/ }).filter({ visible: true })).toHaveAttribute("href", "/dashboard/progress");
  await expectAccessible(page);
  await shot(page, "subscriptions");

  // The first check-in: without photos it says what to add; with them it is sent.
  const first = await openCheckIn(patient.email);
  await page.goto(`/dashboard/check-ins/${first.id}`);
  await page.waitForFunction(() => Object.keys(document.querySelector("main form button") ?? {}).some((key) => key.startsWith("__reactProps")));
  await main.getByRole("group", { name: "Side effects since your last supply" }).getByRole("radio", { name: "None" }).check();
  await main.getByRole("group", { name: /New medical conditions or medicines/ }).getByRole("radio", { name: "None" }).check();
  await main.getByRole("radio", { name: "Yes, continue" }).check();
  await main.getByRole("button", { name: "Send my check-in" }).click();
  const photos = main.getByRole("group", { name: "Your progress photos" });
  await expect(photos.getByText(/^Add your three progress photos \(hairline, crown and top of the head\) and save them/)).toBeVisible();
  await expect(photos.getByLabel("Hairline")).toBeFocused();
  await expectAccessible(page);
  await shot(page, "check-in-photos-missing");
  await sendCheckIn(page, "#8f6c52", "first-check-in");

  // The prescriber approves it, with the baseline beside it.
  const firstCase = await openCase(staff, first.reference);
  await expect(firstCase.getByRole("columnheader")).toHaveCount(2);
  await staff.getByRole("main").getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByRole("main").getByRole("region", { name: "Decision" })).toContainText("Approved by Dr Imogen Reyes");

  // Three months pass: the renewal is charged, and the next period's check-in opens.
  await ageSets(patient.email, 90);
  const renewed = await page.request.post(`${sandbox}/__sandbox/subscriptions/${first.stripeId}/renew`);
  expect(renewed.status()).toBe(200);
  expect((await renewed.json()).events).toContain("invoice.paid");
  const second = await openCheckIn(patient.email);
  expect(second.id).not.toBe(first.id);

  // The second check-in, from the dashboard's task, with a new set.
  await page.goto("/dashboard");
  await tasks.getByRole("link", { name: /^Complete your check-in/ }).click();
  await page.waitForURL(`**/dashboard/check-ins/${second.id}`);
  await sendCheckIn(page, "#7a5a44", "second-check-in");
  await shot(page, "second-check-in-sent");

  // The prescriber's case: the three sets side by side by date, the baseline first, this check-in's marked.
  const secondCase = await openCase(staff, second.reference);
  const comparison = secondCase.getByRole("region", { name: /The patient's progress photos by date/ });
  const headers = comparison.getByRole("columnheader");
  await expect(headers).toHaveCount(3);
  await expect(headers.first()).toContainText("(first)");
  await expect(headers.last()).toContainText("(this check-in)");
  const dates = (await headers.allTextContents()).map((text) => Date.parse(text.replace(/\(.*\)/g, "").trim()));
  expect(dates[0]).toBeLessThan(dates[1]!);
  expect(dates[1]).toBeLessThan(dates[2]!);
  await expect(comparison.getByRole("img", { name: /^Crown, / })).toHaveCount(3);
  // Each image opens through the audited staff route.
  const latest = comparison.getByRole("img", { name: /^Hairline, / }).last();
  await latest.scrollIntoViewIfNeeded();
  await expect.poll(() => latest.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await expect(comparison.getByRole("link").last()).toHaveAttribute("href", /^\/api\/staff\/progress-photos\/[0-9a-f-]+$/);
  await expectAccessible(staff);
  await shot(staff, "prescriber-second-check-in");

  // The patient's own page shows the same sets side by side.
  await page.goto("/dashboard/progress");
  const own = main.getByRole("region", { name: /Your progress photos by date/ });
  await expect(own.getByRole("columnheader")).toHaveCount(3);
  await expectAccessible(page);
  await shot(page, "patient-progress");
  await staff.context().close();
});
