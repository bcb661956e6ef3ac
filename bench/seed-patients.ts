// The bench's patients, made by the tests' own factory (tests/factories/patients.ts) in the
// bench's scratch database (DATABASE_URL). A child process of the bench: the factories are
// TypeScript on the server's modules, loaded as the worker loads them (tsx, react-server
// condition), which the bench's plain Node.js process cannot do. Prints the patients as JSON.
//
//   node --conditions=react-server --import tsx bench/seed-patients.ts '{"count":40,"label":"bench.soak","questionnaire":false}'

// No top-level await: tsx runs this file as CommonJS (package.json has no "type").
async function main() {
  const options = JSON.parse(process.argv[2] ?? "{}");
  // The app's configuration check asks for a payment API (as the worker's default does);
  // making patients calls none.
  if (!process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_SANDBOX_URL) process.env.STRIPE_SANDBOX_URL = "http://127.0.0.1:12111";
  const { createPatients } = await import("@/tests/factories/patients");
  const { db } = await import("@/lib/server/core/db/client");
  try {
    process.stdout.write(JSON.stringify(await createPatients(options)));
  } finally {
    await db.$disconnect();
  }
}

main().catch((error) => {
  console.error(`Could not create the bench's patients: ${(error as Error).message}`);
  process.exit(1);
});
