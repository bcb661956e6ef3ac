import styles from "./second-factor.module.css";

export type TotpSetupData = { secret: string; otpauth_uri: string; qr: { viewBoxSize: number; path: string } };

/** The new authenticator: a QR code to scan, and the same secret as text to type in. */
export function TotpSetup({ setup }: { setup: TotpSetupData }) {
  const grouped = setup.secret.match(/.{1,4}/g)?.join(" ") ?? setup.secret;
  return (
    <div className={styles.setup}>
      <ol className={styles.steps}>
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <svg
        className={styles.qr}
        viewBox={`0 0 ${setup.qr.viewBoxSize} ${setup.qr.viewBoxSize}`}
        role="img"
        aria-label="QR code for your authenticator app"
        shapeRendering="crispEdges"
      >
        <rect width="100%" height="100%" fill="#fff" />
        <path d={setup.qr.path} fill="#000" />
      </svg>
      <p className={styles.secretLabel} id="totp-secret-label">
        Key (time-based)
      </p>
      <p className={styles.secret} aria-labelledby="totp-secret-label">
        <code>{grouped}</code>
      </p>
    </div>
  );
}
