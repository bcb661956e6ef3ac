// Setting variables of this process's environment for a while: the bench prepares one app
// (and cluster) after another in one process, each on its own database, so what one set must
// not be read by the next.

/**
 * Sets `values` in process.env (undefined unsets); returns a function that puts back what was
 * there before.
 * @param {Record<string, string | undefined>} values
 * @returns {() => void}
 */
export function setEnv(values) {
  const before = Object.entries(values).map(([key]) => [key, process.env[key]]);
  for (const [key, value] of Object.entries(values)) assign(key, value);
  return () => {
    for (const [key, value] of before) assign(key, value);
  };
}

function assign(key, value) {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}
