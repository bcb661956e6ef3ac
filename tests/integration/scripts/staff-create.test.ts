import { spawnSync } from "node:child_process";
import argon2 from "argon2";
import { db } from "@/tests/support/db";
import { uniqueEmail } from "@/tests/factories/guest";

afterAll(async () => {
  await db.$disconnect();
});

function staffCreate(args: string[], password = "a long staff password") {
  const result = spawnSync(process.execPath, ["scripts/staff-create.mjs", ...args], {
    env: { ...process.env, STAFF_PASSWORD: password },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe("npm run staff:create", () => {
  it("creates a prescriber with a registration, and turns an existing account into staff", async () => {
    const email = uniqueEmail("rx");
    const created = staffCreate(["--email", email.toUpperCase(), "--name", "Sam Patel", "--role", "prescriber", "--registration-body", "GMC", "--registration-number", "7654321"]);
    expect(created.status).toBe(0);
    expect(created.out).toContain(`Created prescriber Sam Patel <${email}>`);
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { staffProfile: true } });
    expect(user).toMatchObject({ role: "PRESCRIBER", staffProfile: { registrationBody: "GMC", registrationNumber: "7654321" } });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await argon2.verify(user.passwordHash, "a long staff password")).toBe(true);

    const updated = staffCreate(["--email", email, "--name", "Sam Patel", "--role", "ADMIN"], "another long password");
    expect(updated.status).toBe(0);
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: "ADMIN" });
  });

  it("refuses a bad role, a prescriber without a registration and a short password, with one sentence each", async () => {
    const email = uniqueEmail("rx");
    const cases: [string[], string, RegExp][] = [
      [["--email", email, "--name", "X", "--role", "CUSTOMER"], "a long staff password", /Give a role/],
      [["--email", email, "--name", "X", "--role", "PRESCRIBER"], "a long staff password", /needs --registration-body/],
      [["--email", email, "--name", "X", "--role", "PHARMACIST"], "short", /12 to 128 characters/],
      [["--email", "not-an-email", "--name", "X", "--role", "ADMIN"], "a long staff password", /Give the staff member's email/],
    ];
    for (const [args, password, message] of cases) {
      const result = staffCreate(args, password);
      expect(result.status).toBe(1);
      expect(result.out).toMatch(message);
      expect(result.out).not.toMatch(/\n\s+at /);
    }
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});
