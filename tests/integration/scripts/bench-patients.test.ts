// The bench's patients come from the tests' factory (tests/factories/patients.ts), made by
// bench/seed-patients.ts in a child process as bench/patients.mjs runs it: they must sign in
// and carry a submitted prescription questionnaire, as the bench's pay steps expect.
import { execFileSync } from "node:child_process";
import storedAnswers from "@/tests/fixtures/prescription-answers.json";
import { createPatients, type Patient } from "@/tests/factories/patients";
import { signIn } from "@/tests/factories/user";
import { db } from "@/tests/support/db";

afterAll(async () => {
  await db.$disconnect();
});

async function expectSubmittedQuestionnaires(patients: Patient[]) {
  const rows = await db.questionnaireResponse.findMany({
    where: { id: { in: patients.map((patient) => patient.questionnaireId!) } },
    select: { userId: true, definition: true, answers: true, submittedAt: true },
  });
  expect(rows).toHaveLength(patients.length);
  for (const row of rows) {
    expect(patients.map((patient) => patient.id)).toContain(row.userId);
    expect(row).toMatchObject({ definition: "prescription", answers: storedAnswers });
    expect(row.submittedAt).not.toBeNull();
  }
}

describe("createPatients", () => {
  it("makes verified patients who sign in with the shared password, each with a submitted questionnaire", async () => {
    const patients = await createPatients({ count: 3, label: "bulk" });
    expect(new Set(patients.map((patient) => patient.email)).size).toBe(3);
    for (const patient of patients) expect((await signIn(patient)).token).toEqual(expect.any(String));
    await expectSubmittedQuestionnaires(patients);
  });

  it("leaves the questionnaire out when asked", async () => {
    const [patient] = await createPatients({ count: 1, label: "bulk", questionnaire: false });
    expect(patient!.questionnaireId).toBeNull();
    expect(await db.questionnaireResponse.count({ where: { userId: patient!.id } })).toBe(0);
  });

  it("is what the bench runs, through bench/seed-patients.ts", async () => {
    const output = execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "bench/seed-patients.ts", JSON.stringify({ count: 2, label: "bench.test", name: "Bench Patient" })], {
      env: process.env,
      encoding: "utf8",
      timeout: 60_000,
    });
    const patients: Patient[] = JSON.parse(output);
    expect(patients).toHaveLength(2);
    const users = await db.user.findMany({ where: { id: { in: patients.map((patient) => patient.id) } }, select: { name: true, emailVerifiedAt: true } });
    expect(users).toEqual([expect.objectContaining({ name: "Bench Patient" }), expect.objectContaining({ name: "Bench Patient" })]);
    expect(users.every((user) => user.emailVerifiedAt !== null)).toBe(true);
    await expectSubmittedQuestionnaires(patients);
  }, 60_000);
});
