import styles from "./rx.module.css";

/**
 * Instead of the dispensing form, for anyone who is not a pharmacy account. The login link
 * carries the reference in `next` (a query string): both access logs drop query strings
 * (server/runtime/access-log.mjs, nginx's $uri), and the page it returns to is logged redacted.
 */
export function PharmacySignInPrompt({ reference, signedIn }: { reference: string; signedIn: boolean }) {
  if (signedIn) {
    return <p className={styles.prompt}>Only a pharmacy&apos;s account can mark a prescription dispensed. Log out, then sign in with your pharmacy&apos;s account.</p>;
  }
  return (
    <p className={styles.prompt}>
      <a className="button" href={`/login?next=${encodeURIComponent(`/rx/${reference}`)}`}>Sign in as a pharmacy to mark this dispensed</a>
    </p>
  );
}
