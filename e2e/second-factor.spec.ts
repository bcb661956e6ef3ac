import { totpCode } from "../tests/support/totp";
import { expect, expectAccessible, test } from "./support/fixtures";
import { logIn, passwordStep } from "./support/journeys";
import { shoot } from "./support/screenshots";
import { createUser, makeStaff } from "./support/users";

// Two-step sign-in: a member of staff sets up an authenticator on their first sign-in and
// signs in with a code after that; a patient turns it on in Account Settings and then signs
// in with a code.

test.describe("two-step sign-in", () => {
  test("staff set up an authenticator on their first sign-in, then sign in with a code", async ({ page }) => {
    test.setTimeout(90_000);
    const staff = await makeStaff(await createUser({ name: "Jo Admin" }), "ADMIN", { enrolled: false });
    const main = page.getByRole("main");

    await passwordStep(page, staff, "/staff/staff-members");
    await expect(main.getByRole("heading", { name: "Set up two-step sign-in" })).toBeVisible();
    await expect(main.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const key = (await main.locator("code").first().textContent())!.replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page);
    await shoot(page, "second-factor", "staff-enrolment");

    await main.getByRole("textbox", { name: "Authentication code" }).fill(await totpCode(key));
    await main.getByRole("button", { name: "Confirm and sign in" }).click();
    await expect(main.getByRole("heading", { level: 2, name: "Your recovery codes" })).toBeVisible();
    await expect(main.getByRole("listitem")).toHaveCount(10);
    await expectAccessible(page);
    await shoot(page, "second-factor", "staff-recovery-codes");
    await main.getByRole("button", { name: /I have saved my recovery codes/ }).click();
    await page.waitForURL(/\/staff\/staff-members$/);
    await expect(page.getByRole("heading", { level: 1, name: "Staff members" })).toBeVisible();
    await expect(main.getByText(staff.email)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "second-factor", "staff-members");

    // Next sign-in, in a fresh browser: the password, then a code.
    await page.context().clearCookies();
    await page.context().addCookies([{ name: "cookie_consent", value: "rejected", url: new URL(page.url()).origin }]);
    await passwordStep(page, staff, "/staff");
    await expect(main.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "second-factor", "staff-code-step");
    await main.getByRole("textbox", { name: "Authentication code" }).fill("000000");
    await main.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(main.getByRole("alert")).toContainText("That code is not right");
    await main.getByRole("textbox", { name: "Authentication code" }).fill(await totpCode(key));
    await main.getByRole("button", { name: "Verify and sign in" }).click();
    await page.waitForURL(/\/staff$/);
  });

  test("a patient turns two-step sign-in on in Account Settings and then signs in with a code", async ({ page }) => {
    test.setTimeout(90_000);
    const patient = await createUser({ name: "Alex Morgan" });
    const main = page.getByRole("main");
    await logIn(page, patient, "/dashboard/account-settings");
    const section = main.getByRole("region", { name: "Two-step sign-in" });
    await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const key = (await section.locator("code").first().textContent())!.replace(/\s/g, "");
    await shoot(page, "second-factor", "patient-setup");
    await section.getByRole("textbox", { name: "Authentication code" }).fill(await totpCode(key));
    await section.getByRole("button", { name: "Turn on" }).click();
    await expect(section.getByRole("heading", { level: 4, name: "Your recovery codes" })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "second-factor", "patient-recovery-codes");
    await section.getByRole("button", { name: "I have saved my recovery codes" }).click();
    await expect(section.getByText(/On\. Signing in asks for a code/)).toBeVisible();
    await expect(section.getByRole("button", { name: "Turn off two-step sign-in" })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, "second-factor", "patient-settings-on");

    await main.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login\?fromLogout=true$/);
    await logIn(page, { ...patient, totpSecret: key }, "/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
