import styles from "./second-factor.module.css";

/**
 * The one-time recovery codes, shown once after the authenticator is set up. `headingLevel`
 * follows the page: on the sign-in page the codes replace the h2 form (under the page's h1),
 * in account settings they sit inside the h3 "Two-step sign-in" section.
 */
export function RecoveryCodes({ codes, headingLevel }: { codes: string[]; headingLevel: 2 | 4 }) {
  const Heading = headingLevel === 2 ? "h2" : "h4";
  return (
    <section className={styles.recovery} aria-labelledby="recovery-codes-heading">
      <Heading id="recovery-codes-heading" className={styles.recoveryHeading}>Your recovery codes</Heading>
      <p>
        Keep these somewhere safe (a password manager, or printed). If you lose your phone, each code signs you in once instead of an
        authenticator code. They will not be shown again.
      </p>
      <ul className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
