// A throw-away database on a server: created empty, dropped afterwards, with the app's login
// that `npm start` makes for it (<name>_app, server/runtime/app-role.mjs).
import pg from "pg";

/** @param {string} url */
function adminUrl(url) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return admin.toString();
}

/**
 * @param {string} serverUrl any database's URL on the server (its owner's login)
 * @param {string} prefix the new database's name starts with it
 * @returns {Promise<{ url: string, name: string, drop: () => Promise<void> }>}
 */
export async function createScratchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS "${name}_app"`);
      } finally {
        await admin.end();
      }
    },
  };
}
