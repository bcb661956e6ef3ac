import { LogoMark } from "./logo-mark";
import styles from "./site-loader.module.css";

/**
 * Full-screen logo shown over the already-rendered page on the first visit of a session
 * (see loader-script.tsx). It is fixed, so it shifts nothing, and aria-hidden with no
 * focusable content, so it never traps focus or hides the page from assistive tech.
 */
export function SiteLoader() {
  return (
    <div className={styles.loader} aria-hidden="true">
      <LogoMark size={88} className={styles.mark} />
    </div>
  );
}
