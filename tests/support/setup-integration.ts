// Integration tests talk to the database that scripts/test.mjs created for this run.
// Refuse anything that is not on this machine: a test must never touch a shared database.
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
