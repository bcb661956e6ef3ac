"use client";

// The last-resort page, shown only when the root layout itself fails (the database is
// unreachable while the layout renders, say): no stack trace, a way to retry, the site's
// language. Plain markup: Next.js renders it without the root layout.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-GB">
      <body>
        <main id="main">
          <h1>Sorry, something went wrong</h1>
          <p>The page could not be shown. Please try again in a minute.</p>
          <p>
            <button type="button" onClick={() => reset()}>
              Try again
            </button>{" "}
            {/* A full page load on purpose: the app's own state is what failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">Go to the home page</a>
          </p>
        </main>
      </body>
    </html>
  );
}
