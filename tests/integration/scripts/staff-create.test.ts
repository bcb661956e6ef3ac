import { spawnSync } from "node:child_process";
import argon2 from "argon2";
import { openTotpSecret } from "@/lib/server/auth/second-factor/totp";
import { hashRecoveryCode } from "@/lib/security/second-factor-secrets.mjs";
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

// Each case spawns the command (Node start-up, migrations check): seconds each on a busy machine.
jest.setTimeout(60_000);

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

    // Enrolled with a second factor: the secret and ten recovery codes printed once, stored encrypted / hashed.
    const secret = created.out.match(/Authenticator secret: ([A-Z2-7]+)/)?.[1];
    expect(created.out).toMatch(/otpauth:\/\/totp\/.+secret=/);
    expect(user.totpEnabledAt).not.toBeNull();
    expect(user.totpSecret).not.toContain(secret);
    expect(openTotpSecret(user.totpSecret!)).toBe(secret);
    const codes = [...created.out.matchAll(/^ {4}([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})$/gm)].map((match) => match[1]!);
    expect(codes).toHaveLength(10);
    const stored = await db.recoveryCode.findMany({ where: { userId: user.id }, select: { codeHash: true } });
    expect(stored.map((row) => row.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());

    const updated = staffCreate(["--email", email, "--name", "Sam Patel", "--role", "ADMIN"], "another long password");
    expect(updated.status).toBe(0);
    expect(updated.out).toContain("Their authenticator app is unchanged.");
    expect(updated.out).not.toContain("Authenticator secret");
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: "ADMIN" });
  });

  it("creates a pharmacy account with its premises and responsible pharmacist, and drops them when it changes role", async () => {
    const email = uniqueEmail("pharmacy");
    const pharmacy = ["--premises-number", "1234567", "--address", "1 High Street, London NW1 1AA", "--pharmacist-name", "Priya Shah", "--pharmacist-registration", "2087654"];
    const created = staffCreate(["--email", email, "--name", "Camden Pharmacy", "--role", "pharmacy", ...pharmacy]);
    expect(created.status).toBe(0);
    expect(created.out).toContain(`Created pharmacy Camden Pharmacy <${email}>. They sign in at /login and work at /pharmacy`);
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { pharmacy: true } });
    expect(user).toMatchObject({
      role: "PHARMACY",
      pharmacy: { name: "Camden Pharmacy", premisesNumber: "1234567", address: "1 High Street, London NW1 1AA", responsiblePharmacistName: "Priya Shah", responsiblePharmacistNumber: "2087654" },
    });

    // A new responsible pharmacist on duty: the same command updates the profile.
    expect(staffCreate(["--email", email, "--name", "Camden Pharmacy", "--role", "PHARMACY", ...pharmacy.slice(0, 4), "--pharmacist-name", "Tom Reed", "--pharmacist-registration", "2011111"]).status).toBe(0);
    expect(await db.pharmacy.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ responsiblePharmacistName: "Tom Reed", responsiblePharmacistNumber: "2011111" });

    expect(staffCreate(["--email", email, "--name", "Camden Pharmacy", "--role", "ADMIN"]).status).toBe(0);
    expect(await db.pharmacy.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a pharmacy without its premises number, address or responsible pharmacist, with one sentence each", async () => {
    const email = uniqueEmail("pharmacy");
    const full = { "--premises-number": "1234567", "--address": "1 High Street", "--pharmacist-name": "Priya Shah", "--pharmacist-registration": "2087654" };
    const cases: [Partial<typeof full>, RegExp][] = [
      [{ ...full, "--premises-number": undefined }, /GPhC premises number \(7 digits\)/],
      [{ ...full, "--premises-number": "12-34" }, /GPhC premises number \(7 digits\)/],
      [{ ...full, "--address": undefined }, /needs its address/],
      [{ ...full, "--pharmacist-name": undefined }, /responsible pharmacist's name/],
      [{ ...full, "--pharmacist-registration": "GPhC" }, /responsible pharmacist's GPhC registration number/],
    ];
    for (const [options, message] of cases) {
      const args = Object.entries(options).flatMap(([flag, value]) => (value === undefined ? [] : [flag, value]));
      const result = staffCreate(["--email", email, "--name", "Camden Pharmacy", "--role", "PHARMACY", ...args]);
      expect(result.status).toBe(1);
      expect(result.out).toMatch(message);
      expect(result.out).not.toMatch(/\n\s+at /);
    }
    expect(await db.user.count({ where: { email } })).toBe(0);
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
