// Builds the production bundle into NEXT_DIST_DIR (.next) unless the build there is current,
// as `npm start` does before serving (server/lib/prepare-app.mjs, buildIfStale). `npm test`
// runs it for its browser tests beside the unit and integration tests, with the environment
// `npm start` will have, so that start finds the build current and serves at once. Prerendered
// pages read the catalogue: DATABASE_URL must reach a migrated, seeded database.
import { buildIfStale, loadLocalEnvironment } from "../server/lib/prepare-app.mjs";

loadLocalEnvironment();
process.exit(buildIfStale(process.env.NEXT_DIST_DIR || ".next") ? 0 : 1);
