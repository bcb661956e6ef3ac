// The first thing a visitor does on a page whose scripts the bench counts (bench/javascript.mjs,
// bench/framework-floor.mjs): what the browser loads after it counts too (issue 36, proof 3).
// Each waits until the page has answered it, so a page that refuses the step fails the
// measurement instead of measuring nothing.

/** @typedef {(page: import("@playwright/test").Page) => Promise<void>} Interaction */

const STEP_TIMEOUT_MS = 30_000;

/**
 * The first thing a visitor does on a questionnaire or assessment step: the first option (or a
 * name in the first text box), then Next, and the next step's address.
 *
 * @type {Interaction}
 */
export async function answerFirstStep(page) {
  const form = page.getByRole("main").locator("form");
  const next = form.getByRole("button", { name: "Next" });
  // Next is enabled once the step has loaded any saved draft (e2e/support/journeys.ts waits likewise).
  await next.and(page.locator(":enabled")).waitFor({ timeout: STEP_TIMEOUT_MS });
  const radio = form.getByRole("radio").first();
  if (await radio.count()) await radio.check();
  else await form.getByRole("textbox").first().fill("Alex Morgan");
  const from = page.url();
  /** @type {string[]} */
  const answers = [];
  /** @param {import("@playwright/test").Response} response */
  const record = (response) => {
    if (response.request().method() !== "GET") answers.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
  };
  page.on("response", record);
  try {
    await next.click();
    await page.waitForURL((address) => address.href !== from, { timeout: STEP_TIMEOUT_MS });
  } catch (error) {
    const alert = await page.getByRole("alert").allInnerTexts().catch(() => []);
    throw new Error(`${from}: Next did not lead to the next step (${/** @type {Error} */ (error).message.split("\n")[0]}); the step's requests: ${answers.join(", ") || "none"}; alerts: ${alert.join(" | ") || "none"}`);
  } finally {
    page.off("response", record);
  }
}

/**
 * The consultation page's first step: a day in the calendar (the first one it lets you pick),
 * and the times (or the weekend message) it shows.
 *
 * @type {Interaction}
 */
export async function pickFirstDay(page) {
  const form = page.getByRole("form", { name: "Schedule Your Consultation" });
  const grid = form.getByRole("grid").first();
  await grid.waitFor();
  await grid.getByRole("button").and(page.locator(":enabled")).first().click();
  await form.getByRole("group", { name: "Select a time" }).or(form.getByText(/weekday|weekend/i)).first().waitFor();
}
