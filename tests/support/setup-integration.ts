// Integration tests talk to the database that scripts/test.mjs created for this run: one per
// jest worker (TEST_DATABASE_URLS, in worker order, with each worker's payment sandbox port in
// TEST_STRIPE_SANDBOX_URLS), so files running at the same time share no rows; a run without
// them (jest started by hand) uses DATABASE_URL and STRIPE_SANDBOX_URL as they are.
// Refuse anything that is not on this machine: a test must never touch a shared database.
const worker = Number(process.env.JEST_WORKER_ID ?? 1) - 1;
const perWorker = (list: string | undefined) => list?.split(" ").filter(Boolean)[worker];
const workerDatabase = perWorker(process.env.TEST_DATABASE_URLS);
const workerSandbox = perWorker(process.env.TEST_STRIPE_SANDBOX_URLS);
if (process.env.TEST_DATABASE_URLS && !workerDatabase) {
  throw new Error(`No test database for jest worker ${worker + 1}: scripts/test.mjs made ${process.env.TEST_DATABASE_URLS.split(" ").length}; run jest with at most that many workers.`);
}
if (workerDatabase) process.env.DATABASE_URL = workerDatabase;
if (workerSandbox) process.env.STRIPE_SANDBOX_URL = workerSandbox;
const url = process.env.DATABASE_URL;
if (!url) {
  throw new Error("DATABASE_URL is not set: run integration tests with `npm test` or `npm run test:integration`.");
}
const { hostname, pathname } = new URL(url);
if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(hostname) && process.env.ALLOW_REMOTE_TEST_DATABASE !== "true") {
  throw new Error(`Integration tests refuse the non-local database host ${hostname}.`);
}
if (!/test/.test(pathname)) {
  throw new Error(`Integration tests refuse database ${pathname.slice(1)}: its name must contain "test".`);
}
