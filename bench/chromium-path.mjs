// The Chromium the bench drives (Lighthouse, and counting a page's scripts): Debian's, as the
// e2e suite's, unless CHROME_PATH names another.
export const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
