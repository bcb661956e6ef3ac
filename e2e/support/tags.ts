/**
 * A test about one page's own behaviour (its copy, a validation message, where an out-of-range
 * step sends you), which the main run proves on one instance. The cluster run (journeys again
 * through nginx, two instances and a worker: playwright.config.ts) leaves these out; it keeps
 * every journey that pays, signs in, uploads, runs a job or crosses instances.
 */
export const ONE_INSTANCE = "@one-instance";
