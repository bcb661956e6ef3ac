// The bench's scaled data (bench/scale/seed-scale.mjs) in the database at DATABASE_URL: the
// busy patient, the deciding staff and an administrator are made by the tests' factories (so the bench signs in
// as them like any test), every patient's password is the factory's, and the questionnaire
// answers are the tests' fixtures. A child process of the bench, loaded as the worker loads
// the server's modules (tsx, react-server condition). Prints the accounts and counts as JSON.
//
//   node --conditions=react-server --import tsx bench/scale/seed-scale-cli.ts '{"factor":1}'
//   ('{"factor":0.0025,"queueFloor":250}': the bench's empty clinic, full first pages in every staff list)

// No top-level await: tsx runs this file as CommonJS (package.json has no "type").
async function seedScaleMain() {
  const { factor = 1, queueFloor = 0 } = JSON.parse(process.argv[2] ?? "{}") as { factor?: number; queueFloor?: number };
  // The app's configuration check asks for a payment API (as the worker's default does); seeding calls none.
  if (!process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_SANDBOX_URL) process.env.STRIPE_SANDBOX_URL = "http://127.0.0.1:12111";
  const { createPatients, PATIENT_PASSWORD } = await import("@/tests/factories/patients");
  const { createStaff } = await import("@/tests/factories/staff");
  const { hashPassword } = await import("@/lib/server/auth/password");
  const { db } = await import("@/lib/server/core/db/client");
  const { prescriptionQuestionnaire } = await import("@/lib/questionnaire/definitions/prescription");
  const { minoxidilAssessment } = await import("@/lib/questionnaire/definitions/minoxidil");
  const { viagraAssessment } = await import("@/lib/questionnaire/definitions/pde5");
  const prescription = (await import("@/tests/fixtures/prescription-answers.json")).default;
  const assessments = (await import("@/tests/fixtures/assessment-answers.json")).default;
  const { seedScale } = await import("./seed-scale.mjs");
  try {
    const [busy] = await createPatients({ count: 1, label: "scale.busy", name: "Morgan Busy", questionnaire: false });
    const prescriber = await createStaff("PRESCRIBER", true, { name: "Dr Scale Prescriber" });
    const pharmacist = await createStaff("PHARMACIST", true, { name: "Scale Pharmacist" });
    // The audit log is the administrators' (bench/scale/measure.mjs reads it as this one).
    const admin = await createStaff("ADMIN", false, { name: "Scale Admin" });
    const result = await seedScale(process.env.DATABASE_URL!, {
      factor,
      queueFloor,
      passwordHash: await hashPassword(PATIENT_PASSWORD),
      busy: { id: busy!.id, email: busy!.email },
      staff: { prescriberId: prescriber.id, pharmacistId: pharmacist.id },
      answers: {
        prescription,
        prescriptionVersion: prescriptionQuestionnaire.version,
        assessment: assessments["minoxidil-men"],
        assessmentVersion: minoxidilAssessment.version,
        // Viagra's and Cialis's assessments are one definition (pde5.ts): the same answers, version and steps.
        pom: { answers: assessments.pde5, version: viagraAssessment.version, dateOfBirthStep: viagraAssessment.steps.findIndex((question) => question.id === "date-of-birth") + 1 },
      },
      log: (line: string) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(JSON.stringify({ ...result, busy, prescriber, pharmacist, admin }));
  } finally {
    await db.$disconnect();
  }
}

seedScaleMain().catch((error) => {
  console.error(`Could not seed the scaled data: ${(error as Error).message}`);
  process.exit(1);
});
