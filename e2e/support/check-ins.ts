import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { findInQueue } from "./journeys";
import type { Scan } from "./screenshots";
import { waitForHydratedForm } from "./users";
import { scalesPhoto } from "./weight";

// Every repeat supply of a prescription-only medicine is reviewed (issue 23): the patient's
// renewal check-in, the prescriber's approval, the sandbox's clock moved to the renewal, and the
// pharmacist's order showing the check-in. Every step that knows the check-in form lives here,
// so a change to the form is one change for every journey.

/**
 * What the patient answers; a side effect or a new condition is answered "Yes" with its detail,
 * else "None". A weight-loss medicine's check-in also takes a scales photo and the dose asked for
 * next (`dose`: its radio's label, e.g. "Step up to 5 mg").
 */
export type CheckInAnswers = { weightKg: string; sideEffects?: string; newConditions?: string; dose?: string };

/**
 * The patient answers their renewal check-in, from the dashboard's task ("dashboard") or at its
 * URL, wanting to continue; returns its reference (CI-…). With `showErrorsFirst` an empty form is
 * sent first and each question must say what to do (and, with a dose, a form without the scales
 * photo). `scan` names the pages dashboard-task (from the dashboard), form-errors (with
 * showErrorsFirst), form-photo-and-dose (with a dose) and sent.
 */
export async function answerCheckIn(page: Page, from: "dashboard" | string, answers: CheckInAnswers, { scan, showErrorsFirst = false }: { scan?: Scan; showErrorsFirst?: boolean } = {}): Promise<string> {
  const main = page.getByRole("main");
  if (from === "dashboard") {
    await page.goto("/dashboard");
    await expect(main.getByRole("heading", { level: 3, name: /^Complete your check-in before / })).toBeVisible();
    await scan?.(page, "dashboard-task");
    await main.getByRole("link", { name: /^Complete your check-in/ }).click();
  } else {
    await page.goto(from);
  }
  await expect(main.getByRole("heading", { level: 1, name: "Your check-in" })).toBeVisible();
  const reference = /check-in (CI-[A-Z0-9]{6})/.exec((await main.textContent()) ?? "")?.[1];
  expect(reference, "the check-in's reference under the page's heading").toBeTruthy();
  await expect(main.getByRole("button", { name: "Send my check-in" })).toBeEnabled();
  await waitForHydratedForm(page);

  if (showErrorsFirst) {
    await main.getByRole("button", { name: "Send my check-in" }).click();
    await expect(main.getByText("Enter your weight in kilograms, for example 92.4.")).toBeVisible();
    await expect(main.getByText("Choose whether you want to continue your treatment.")).toBeVisible();
    await scan?.(page, "form-errors");
  }

  await main.getByRole("textbox", { name: "Your weight today (kg)" }).fill(answers.weightKg);
  if (answers.dose) await main.getByRole("group", { name: "Your dose for the next month" }).getByRole("radio", { name: answers.dose }).check();
  const sideEffects = main.getByRole("group", { name: "Side effects since your last supply" });
  if (answers.sideEffects) {
    await sideEffects.getByRole("radio", { name: "Yes, I have had side effects" }).check();
    await main.getByRole("textbox", { name: "What side effects, since when, and how bad?" }).fill(answers.sideEffects);
  } else {
    await sideEffects.getByRole("radio", { name: "None" }).check();
  }
  const conditions = main.getByRole("group", { name: /New medical conditions or medicines/ });
  if (answers.newConditions) {
    await conditions.getByRole("radio", { name: "Yes, something has changed" }).check();
    await main.getByRole("textbox", { name: "What has changed?" }).fill(answers.newConditions);
  } else {
    await conditions.getByRole("radio", { name: "None" }).check();
  }
  await main.getByRole("radio", { name: "Yes, continue" }).check();
  if (answers.dose) {
    if (showErrorsFirst) {
      // Without the scales photo the check-in is refused with what to do.
      await main.getByRole("button", { name: "Send my check-in" }).click();
      await expect(main.locator(".field-error", { hasText: "Add a full-length photo of yourself on your scales" })).toBeVisible();
    }
    await main.getByLabel("Your scales photo").setInputFiles({ name: "on my scales.jpg", mimeType: "image/jpeg", buffer: await scalesPhoto() });
    await expect(main.getByText("Photo received (1 sent). You may send a clearer one.")).toBeVisible();
    await scan?.(page, "form-photo-and-dose");
  }
  await main.getByRole("button", { name: "Send my check-in" }).click();
  await expect(main.getByRole("heading", { level: 2, name: "Check-in sent" })).toBeVisible();
  await scan?.(page, "sent");
  return reference!;
}

/**
 * A prescriber (signed in as `prescriberName`) finds the check-in in the queue, sees the
 * answers, claims and approves it. For a weight-loss medicine (`answers.dose`) they open the
 * scales photo's link, find the patient's dose request chosen, are refused without the weight
 * they read on the photo, then record `verifiedWeightKg` and approve. `scan` names the pages
 * staff-queue, staff-case and staff-approved.
 */
export async function approveCheckIn(
  staff: Page,
  reference: string,
  { prescriberName, answers, verifiedWeightKg }: { prescriberName: string; answers: CheckInAnswers; verifiedWeightKg?: string },
  scan?: Scan,
) {
  await findInQueue(staff, "/staff/check-ins", reference);
  const main = staff.getByRole("main");
  await expect(main.getByRole("link", { name: reference })).toBeVisible();
  await scan?.(staff, "staff-queue");
  await main.getByRole("link", { name: reference }).click();
  await expect(main.getByRole("heading", { level: 1, name: `Check-in ${reference}` })).toBeVisible();
  await expect(main.getByRole("region", { name: "Answers" })).toContainText(`${answers.weightKg} kg`);
  if (answers.dose) {
    await expect(main.getByRole("region", { name: "Answers" })).toContainText(answers.dose);
    await expect(main.getByRole("region", { name: "Weight verification" }).getByRole("link", { name: "Open scales photo 1 full size" })).toBeVisible();
  }
  await main.getByRole("button", { name: "Claim this check-in" }).click();
  await expect(main.getByRole("button", { name: "Approve" })).toBeVisible();
  if (answers.dose) await expect(main.getByRole("radio", { name: `${answers.dose} (the patient's request)` })).toBeChecked();
  await scan?.(staff, "staff-case");
  if (verifiedWeightKg) {
    await main.getByRole("button", { name: "Approve" }).click();
    await expect(main.getByText("Record the weight you read on the patient's scales photo before approving.").first()).toBeVisible();
    await main.getByRole("textbox", { name: "Verified weight from the scales photo (kg)" }).fill(verifiedWeightKg);
  }
  await main.getByRole("button", { name: "Approve" }).click();
  await expect(main.getByRole("region", { name: "Decision" })).toContainText(`Approved by ${prescriberName}`);
  if (verifiedWeightKg) await expect(main.getByRole("region", { name: "Weight verification" })).toContainText(`${verifiedWeightKg} kg · Photo on scales · ${prescriberName}`);
  await scan?.(staff, "staff-approved");
}

/** At /dashboard/subscriptions: the Stripe id of the patient's one subscription, as its table shows it (for the sandbox's clock, which only the test drives). */
export async function subscriptionIdShown(page: Page): Promise<string> {
  const firstCell = page.getByRole("main").getByRole("table").getByRole("row").nth(1).getByRole("cell").first();
  const id = /^sub_[A-Za-z0-9]+$/.exec(((await firstCell.textContent()) ?? "").trim())?.[0];
  expect(id, "the subscription's id in the table").toBeTruthy();
  return id!;
}

/** The renewal date comes: the sandbox moves the subscription's clock on and bills the renewal, which is paid. */
export async function renewInSandbox(request: APIRequestContext, sandboxOrigin: string, stripeSubscriptionId: string) {
  const renewed = await request.post(`${sandboxOrigin}/__sandbox/subscriptions/${stripeSubscriptionId}/renew`);
  expect(renewed.status()).toBe(200);
  expect((await renewed.json()).events).toContain("invoice.paid");
}

/** On the renewal order's staff page: the check-in that allowed it, its approver, the answered weight and (`approvedDose`, e.g. "5 mg") the dose supplied. */
export async function expectRenewalCheckIn(staff: Page, reference: string, { prescriberName, answers, approvedDose }: { prescriberName: string; answers: CheckInAnswers; approvedDose?: string }) {
  const region = staff.getByRole("region", { name: `Renewal check-in ${reference}` });
  await expect(region).toContainText(`approved by ${prescriberName}`);
  await expect(region).toContainText(`${answers.weightKg} kg`);
  if (approvedDose) await expect(staff.getByRole("region", { name: "Items" })).toContainText(`dose ${approvedDose}`);
}
