// Setting variables of this process's environment for a while: the bench prepares one app
// (and cluster) after another in one process, each on its own database, so what one set must
// not be read by the next.

/**
 * Remembers the values `keys` have now; returns a function that puts them back (unsetting those
 * that were unset).
 * @param {string[]} keys
 * @returns {() => void}
 */
export function rememberEnv(keys) {
  const before = keys.map((key) => /** @type {const} */ ([key, process.env[key]]));
  return () => {
    for (const [key, value] of before) assign(key, value);
  };
}

/**
 * Sets `values` in process.env (undefined unsets); returns a function that puts back what was
 * there before.
 * @param {Record<string, string | undefined>} values
 * @returns {() => void}
 */
export function setEnv(values) {
  const restore = rememberEnv(Object.keys(values));
  for (const [key, value] of Object.entries(values)) assign(key, value);
  return restore;
}

/**
 * @param {string} key
 * @param {string | undefined} value
 */
function assign(key, value) {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}
