import styles from "./second-factor.module.css";

/** The one-time recovery codes, shown once after the authenticator is set up. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className={styles.recovery} aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading">Your recovery codes</h3>
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
