import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { query } from "./support/db";
import { answerCheckIn, approveCheckIn, expectRenewalCheckIn, renewInSandbox, subscriptionIdShown } from "./support/check-ins";
import { expect, test } from "./support/fixtures";
import { findInQueue, logIn, pharmacistPage, staffPage } from "./support/journeys";
import { subscribeOnCheckoutPage } from "./support/mounjaro";
import { scanInto } from "./support/screenshots";
import { createUser, makeStaff } from "./support/users";

// Every repeat supply is reviewed (issue 23): a Mounjaro subscriber's first renewal waits for
// their check-in (a scales photo and the dose they ask for next); a prescriber verifies the
// weight from the photo and approves the next dose; the renewal is charged and its order reaches
// the pharmacist at that dose, showing the check-in that allowed it.

const check = scanInto("check-ins");
const mounjaroPath = (JSON.parse(readFileSync("tests/fixtures/assessment-answers.json", "utf8")) as Record<string, Record<string, { choice?: string; text?: string }>>).mounjaro ?? {};

/** The passed Mounjaro assessment through the API (the quiz has its own spec), then /api/subscribe: the checkout's URL. */
async function assessAndSubscribe(page: Page): Promise<string> {
  const [plan] = await query<{ id: string }>("SELECT id FROM plans WHERE slug = 'mounjaro-1-month'", []);
  const answer = await page.evaluate(
    async ({ id, path, planId }) => {
      await fetch("/sanctum/csrf-cookie", { credentials: "same-origin" });
      const xsrf = decodeURIComponent(document.cookie.split("; ").find((c) => c.startsWith("XSRF-TOKEN="))?.split("=")[1] ?? "");
      const send = (url: string, method: string, body: unknown) => fetch(url, { method, headers: { "content-type": "application/json", "x-xsrf-token": xsrf }, body: JSON.stringify(body) });
      for (const [step, given] of Object.entries(path)) {
        const res = await send(`/api/questionnaires/${id}/steps/${step}`, "PUT", { definition: "mounjaro", choice: given.choice ?? null, text: given.text ?? "" });
        if (res.status !== 200) return { error: `step ${step}: ${res.status}` };
      }
      const submitted = await send(`/api/questionnaires/${id}/submit`, "POST", {});
      if (submitted.status !== 200) return { error: `submit: ${submitted.status}` };
      return (await (await send("/api/subscribe", "POST", { plan_id: planId })).json()) as { url?: string; error?: string };
    },
    { id: crypto.randomUUID(), path: mounjaroPath, planId: plan!.id },
  );
  expect(answer.error).toBeUndefined();
  return answer.url!;
}

test("a Mounjaro subscriber's first renewal check-in, the prescriber's approval, and the pharmacist's order showing it", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const patient = await createUser({ name: "Morgan Reid" });
  await logIn(page, patient, "/dashboard");
  const checkoutUrl = await assessAndSubscribe(page);
  // The sandbox's hosted page has none of the site's header, which the fixture's goto waits for.
  await page.evaluate((url) => window.location.assign(url), checkoutUrl);
  const sandbox = await subscribeOnCheckoutPage(page, { name: "Morgan Reid", line1: "12 Station Road", city: "Leeds", postcode: "LS1 4AP" });
  await expect(page).toHaveURL(/\/dashboard\/subscriptions\?session_id=cs_/);
  const main = page.getByRole("main");
  await expect(main.getByRole("table")).toContainText(/Waiting for your check-in: complete it before \d{1,2} [A-Z][a-z]+ \d{4}/);
  await expect(main.getByRole("table").getByRole("button", { name: /^Pause subscription/ })).toHaveCount(0);
  await check(page, "subscription-waiting");
  const subscription = await subscriptionIdShown(page);

  // The dashboard's task leads to the check-in; nothing answered, each question says what to do.
  const answers = { weightKg: "96.8", dose: "Step up to 5 mg" };
  const reference = await answerCheckIn(page, "dashboard", answers, { scan: check, showErrorsFirst: true });

  // The prescriber claims and approves it.
  const staff = await staffPage(browser, baseURL, await makeStaff(await createUser({ name: "Dr Alex Moore" }), "PRESCRIBER"), "/staff/check-ins");
  await approveCheckIn(staff, reference, { prescriberName: "Dr Alex Moore", answers, verifiedWeightKg: "96.4" }, check);
  await staff.context().close();

  // The renewal date comes (the sandbox's clock is moved on): charged, and the order follows.
  await renewInSandbox(page.request, sandbox, subscription);
  await expect
    .poll(async () => (await query<{ reference: string }>("SELECT o.reference FROM orders o JOIN check_ins c ON c.id = o.check_in_id WHERE c.reference = $1", [reference]))[0]?.reference ?? null)
    .not.toBeNull();
  const [order] = await query<{ reference: string }>("SELECT o.reference FROM orders o JOIN check_ins c ON c.id = o.check_in_id WHERE c.reference = $1", [reference]);

  const pharmacist = await pharmacistPage(browser, baseURL, "Sam Dispenser");
  await findInQueue(pharmacist, "/staff/orders", order!.reference);
  await pharmacist.getByRole("main").getByRole("link", { name: order!.reference }).click();
  await expectRenewalCheckIn(pharmacist, reference, { prescriberName: "Dr Alex Moore", answers, approvedDose: "5 mg" });
  await check(pharmacist, "pharmacist-order");
  await pharmacist.context().close();
});
